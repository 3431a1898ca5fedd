import type { Command } from 'commander';
import { findingJson, formatFinding } from '../../application/audit/trail-finding.ts';
import { verifyTrail } from '../../application/audit/verify-trail.ts';
import { CliError, print, withContainer } from './cli-context.ts';

export function registerAuditCommands(program: Command): void {
  const audit = program.command('audit').description('the verifiable trail of events');

  audit
    .command('verify')
    .description('recompute every stream hash chain; report altered, reordered or missing events (exit 1 if any)')
    .option('--tenant <tenant id>', "only that tenant's events")
    .option('--json', 'print JSON')
    .action(async (options: { tenant?: string; json?: boolean }) => {
      await withContainer(async (container) => {
        if (options.tenant !== undefined && !(await container.tenants.find(options.tenant))) {
          throw new CliError(`--tenant: no tenant with id ${options.tenant}`);
        }
        // SQLite numbers the log without holes, so a hole is a deleted event even at the end of a stream.
        const contiguousPositions = !container.config.eventStoreUrl;
        const report = await verifyTrail(container.eventStore, { tenantId: options.tenant, contiguousPositions });
        const summary = `${report.events} events in ${report.streams} streams checked`;
        const lines = report.findings.map(formatFinding);
        const text = lines.length === 0 ? `trail intact: ${summary}` : [...lines, '', `${lines.length} problems: ${summary}`].join('\n');
        print(!!options.json, { ok: lines.length === 0, events: report.events, streams: report.streams, findings: report.findings.map(findingJson) }, text);
        if (lines.length > 0) throw new CliError(`the trail has ${lines.length} problem${lines.length === 1 ? '' : 's'}`);
      });
    });
}
