import type { Command } from 'commander';
import { TestSetRuns } from '../../application/habilitacion/test-set-runs.ts';
import { systemClock } from '../../application/ports/clock.ts';
import { randomIds } from '../../application/ports/id-generator.ts';
import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import type { TestSetKind } from '../../domain/habilitacion/test-set-run.ts';
import { runDianTestSet } from '../dian/test-set/dian-test-set.ts';
import { DEFAULT_COUNTS, MAX_DOCUMENTS_PER_FAMILY } from '../dian/test-set/test-set-counts.ts';
import { dianEndpoint } from '../dian/web-services/dian-endpoints.ts';
import { CliError, print, withContainer } from './cli-context.ts';
import { dianCliParts, dianFailure, dianSettingsOrExit } from './dian-cli-parts.ts';
import { stderrProgress } from './test-set-progress.ts';
import { failingDocuments, testSetRunJson, testSetRunText } from './test-set-text.ts';

interface RunOptions {
  tenant: string;
  json?: boolean;
  payroll?: boolean;
  invoices?: string;
  creditNotes?: string;
  debitNotes?: string;
  payrolls?: string;
  payrollAdjustments?: string;
  pollMs: string;
  maxWaitMs: string;
  firstNumber?: string;
}

function whole(flag: string, value: string, min: number, max: number): number {
  const parsed = /^\d{1,12}$/.test(value.trim()) ? Number(value) : NaN;
  if (!(parsed >= min && parsed <= max)) throw new CliError(`${flag}: must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  return parsed;
}

/** The counts of the run: the flags given over the kind's documented defaults (test-set-counts.ts). */
function countsOf(kind: TestSetKind, options: RunOptions): Partial<Record<DocumentFamilyName, number>> {
  const flags: Array<[DocumentFamilyName, string, string | undefined]> =
    kind === 'sales'
      ? [['sales-invoice', '--invoices', options.invoices], ['credit-note', '--credit-notes', options.creditNotes], ['debit-note', '--debit-notes', options.debitNotes]]
      : [['payroll', '--payrolls', options.payrolls], ['payroll-adjustment', '--payroll-adjustments', options.payrollAdjustments]];
  const wrongKind = kind === 'sales' ? [options.payrolls, options.payrollAdjustments] : [options.invoices, options.creditNotes, options.debitNotes];
  if (wrongKind.some((value) => value !== undefined)) {
    throw new CliError(kind === 'sales' ? '--payrolls and --payroll-adjustments need --payroll' : '--invoices, --credit-notes and --debit-notes are not payroll counts (drop --payroll)');
  }
  return Object.fromEntries(flags.map(([family, flag, value]) => [family, value === undefined ? (DEFAULT_COUNTS[kind][family] ?? 0) : whole(flag, value, 0, MAX_DOCUMENTS_PER_FAMILY)]));
}

export function registerDianCommands(program: Command): void {
  const dian = program.command('dian').description('direct connection to DIAN ("software propio"): habilitación');
  const testSet = dian.command('test-set').description("the habilitación test set, sent to DIAN's test environment");

  testSet
    .command('run')
    .description('build, sign and send the test set (SendTestSetAsync, one document per ZIP), then wait for DIAN (GetStatusZip); exit 0 only when DIAN accepted every document')
    .requiredOption('--tenant <tenant id>', 'the company')
    .option('--payroll', "the payroll test set (payrolls and payroll deletions) instead of the invoices'")
    .option('--invoices <n>', `sales invoices (default ${DEFAULT_COUNTS.sales['sales-invoice']})`)
    .option('--credit-notes <n>', `credit notes (default ${DEFAULT_COUNTS.sales['credit-note']})`)
    .option('--debit-notes <n>', `debit notes (default ${DEFAULT_COUNTS.sales['debit-note']})`)
    .option('--payrolls <n>', `payrolls, with --payroll (default ${DEFAULT_COUNTS.payroll.payroll})`)
    .option('--payroll-adjustments <n>', `payroll deletions, with --payroll (default ${DEFAULT_COUNTS.payroll['payroll-adjustment']})`)
    .option('--poll-ms <ms>', 'pause between GetStatusZip rounds', '5000')
    .option('--max-wait-ms <ms>', 'stop waiting for DIAN after this long (the documents left are reported unanswered)', '600000')
    .option('--first-number <n>', 'first consecutive (990000000–995000000) when this store does not know earlier runs; default: after the last run')
    .option('--json', 'print one JSON document')
    .action(async (options: RunOptions) => {
      const kind: TestSetKind = options.payroll ? 'payroll' : 'sales';
      const counts = countsOf(kind, options);
      const policy = { pollMs: whole('--poll-ms', options.pollMs, 0, 600_000), maxWaitMs: whole('--max-wait-ms', options.maxWaitMs, 0, 86_400_000) };
      const firstNumber = options.firstNumber === undefined ? undefined : whole('--first-number', options.firstNumber, 990000000, 995000000);
      const settings = dianSettingsOrExit();
      await withContainer(async (container) => {
        const request = { tenantId: options.tenant, kind, counts, endpoint: dianEndpoint(settings, 'test'), firstNumber, ...policy };
        const { run, warnings } = await runDianTestSet(dianCliParts(container, settings), request, stderrProgress()).catch(dianFailure);
        print(!!options.json, testSetRunJson(run, warnings), testSetRunText(run, warnings));
        if (run.outcome !== 'accepted') throw new CliError(`DIAN did not accept every document of the test set: ${failingDocuments(run)}`);
      });
    });

  testSet
    .command('status')
    .description('the last run of the test set and what DIAN answered for each document')
    .requiredOption('--tenant <tenant id>', 'the company')
    .option('--payroll', 'the payroll test set')
    .option('--json', 'print JSON')
    .action(async (options: { tenant: string; payroll?: boolean; json?: boolean }) => {
      const kind: TestSetKind = options.payroll ? 'payroll' : 'sales';
      await withContainer(async (container) => {
        if (!(await container.tenants.find(options.tenant))) throw new CliError(`--tenant: no tenant ${options.tenant}`);
        const run = await new TestSetRuns(container.aggregates, systemClock, randomIds).last(options.tenant, kind);
        if (!run) {
          print(!!options.json, null, `no ${kind === 'sales' ? '' : 'payroll '}test set run yet for tenant ${options.tenant}`);
          return;
        }
        print(!!options.json, testSetRunJson(run), testSetRunText(run));
      });
    });
}
