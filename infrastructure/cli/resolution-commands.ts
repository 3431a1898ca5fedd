import type { Command } from 'commander';
import { resolutionView } from '../../application/numbering/resolution-view.ts';
import { usageWarnings, type ResolutionUsage } from '../../domain/numbering/resolution-usage.ts';
import { CLI_CONTEXT, CliError, environmentOption, print, requiredEnvironment, withContainer } from './cli-context.ts';
import { operatorFailure } from './operator-failure.ts';
import { registerResolutionSync } from './resolution-sync-command.ts';

/** Field of the rules → the flag the operator typed. */
const FLAGS: Record<string, string> = {
  environment: '--env',
  family: '--family',
  prefix: '--prefix',
  from: '--from',
  to: '--to',
  number: '--number',
  valid_from: '--valid-from',
  valid_to: '--valid-to',
  technical_key: '--technical-key',
};

function wholeNumber(flag: string, value: string): number {
  if (!/^\d{1,15}$/.test(value.trim())) throw new CliError(`${flag}: must be a positive whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}

function line(usage: ResolutionUsage): string {
  const r = usage.resolution;
  const status = r.retiredAt ? 'retired' : 'active';
  return (
    `${r.id}  ${r.environment}  ${r.family}  ${r.prefix}${r.from}–${r.prefix}${r.to}  resolution ${r.number}  ${r.validFrom}..${r.validTo}  ${status}  ` +
    `used ${usage.assigned}, reserved ${usage.reserved}, left ${usage.remaining}`
  );
}

interface AddOptions {
  tenant: string;
  env: string;
  family: string;
  prefix: string;
  from: string;
  to: string;
  number: string;
  validFrom: string;
  validTo: string;
  technicalKey?: string;
  json?: boolean;
}

export function registerResolutionCommands(program: Command): void {
  const resolutions = program.command('resolutions').description("a company's DIAN numbering resolutions");

  resolutions
    .command('add')
    .description('register a numbering resolution')
    .requiredOption('--tenant <tenant id>', 'the company')
    .requiredOption('--env <environment>', 'test or live')
    .requiredOption('--family <family>', 'sales-invoice, credit-note, debit-note, support-document, adjustment-note, payroll or payroll-adjustment')
    .requiredOption('--prefix <prefix>', 'up to 4 letters or digits, e.g. FE')
    .requiredOption('--from <number>', 'first consecutive')
    .requiredOption('--to <number>', 'last consecutive')
    .requiredOption('--number <resolution number>', 'the resolution number DIAN gave')
    .requiredOption('--valid-from <date>', 'YYYY-MM-DD')
    .requiredOption('--valid-to <date>', 'YYYY-MM-DD')
    .option('--technical-key <key>', 'the range technical key (required for a live sales-invoice resolution)')
    .option('--json', 'print JSON')
    .action(async (options: AddOptions) => {
      const input = {
        environment: requiredEnvironment(options.env),
        family: options.family,
        prefix: options.prefix,
        from: wholeNumber('--from', options.from),
        to: wholeNumber('--to', options.to),
        number: options.number,
        validFrom: options.validFrom,
        validTo: options.validTo,
        technicalKey: options.technicalKey ?? null,
      };
      await withContainer(async (container) => {
        const resolution = await container.numbering.catalog.register(options.tenant, input, CLI_CONTEXT).catch(operatorFailure(FLAGS));
        const text = `resolution ${resolution.id} registered: ${resolution.family} ${resolution.prefix}${resolution.from}–${resolution.prefix}${resolution.to} (${resolution.environment})`;
        print(!!options.json, resolutionView(resolution), text);
      });
    });

  resolutions
    .command('list')
    .description("a company's resolutions with their use, and warnings (10 % or fewer numbers left, expiring within 30 days)")
    .requiredOption('--tenant <tenant id>', 'the company')
    .option('--env <environment>', 'test or live (default: both)')
    .option('--json', 'print JSON')
    .action(async (options: { tenant: string; env?: string; json?: boolean }) => {
      const environment = environmentOption(options.env);
      await withContainer(async (container) => {
        if (!(await container.tenants.find(options.tenant))) throw new CliError(`--tenant: no tenant ${options.tenant}`);
        const usages = await container.numbering.usages.of(options.tenant, environment, new Date());
        const warnings = usages.flatMap(usageWarnings);
        const lines = usages.map(line);
        if (lines.length === 0) lines.push('no resolutions registered (the test environment numbers on DIAN habilitación ranges)');
        lines.push(...warnings.map((warning) => `warning (${warning.code}): ${warning.message}`));
        print(!!options.json, { data: usages.map((usage) => resolutionView(usage.resolution, usage)), warnings }, lines.join('\n'));
      });
    });

  resolutions
    .command('retire')
    .description('retire a resolution: it numbers no new document')
    .argument('<resolution id>')
    .option('--json', 'print JSON')
    .action(async (resolutionId: string, options: { json?: boolean }) => {
      await withContainer(async (container) => {
        const resolution = await container.numbering.catalog.retire(resolutionId, CLI_CONTEXT).catch(operatorFailure(FLAGS));
        print(!!options.json, resolutionView(resolution), `resolution ${resolution.id} retired`);
      });
    });

  registerResolutionSync(resolutions);
}
