import type { Command } from 'commander';
import { softwareView } from '../../application/numbering/resolution-view.ts';
import { ENVIRONMENTS } from '../../domain/tenancy/scopes.ts';
import { CLI_CONTEXT, CliError, environmentOption, print, withContainer } from './cli-context.ts';
import { operatorFailure } from './operator-failure.ts';

const FLAGS = { environment: '--env', software_id: '--id', pin: '--pin', test_set_id: '--test-set-id', payroll_test_set_id: '--payroll-test-set-id' };

export function registerSoftwareCommands(program: Command): void {
  const software = program.command('software').description("a company's DIAN software identity (id, PIN, test set) per environment");

  software
    .command('set')
    .description('set the software identity; the PIN is sealed with SECRETS_KEY and never shown again')
    .requiredOption('--tenant <tenant id>', 'the company')
    .requiredOption('--env <environment>', 'test or live')
    .requiredOption('--id <software id>', 'the software id DIAN gave')
    .requiredOption('--pin <pin>', 'the software PIN')
    .option('--test-set-id <id>', 'the habilitación test set id (invoices and notes)')
    .option('--payroll-test-set-id <id>', 'the payroll habilitación test set id')
    .option('--json', 'print JSON')
    .action(async (options: { tenant: string; env: string; id: string; pin: string; testSetId?: string; payrollTestSetId?: string; json?: boolean }) => {
      await withContainer(async (container) => {
        const input = {
          environment: options.env,
          softwareId: options.id,
          pin: options.pin,
          testSetId: options.testSetId ?? null,
          payrollTestSetId: options.payrollTestSetId ?? null,
        };
        const view = await container.numbering.software.set(options.tenant, input, CLI_CONTEXT).catch(operatorFailure(FLAGS));
        print(!!options.json, softwareView(view), `software ${view.softwareId} set for ${view.environment} (PIN sealed)`);
      });
    });

  software
    .command('show')
    .description('the software identity in use per environment (the PIN masked)')
    .requiredOption('--tenant <tenant id>', 'the company')
    .option('--env <environment>', 'test or live (default: both)')
    .option('--json', 'print JSON')
    .action(async (options: { tenant: string; env?: string; json?: boolean }) => {
      const environment = environmentOption(options.env);
      await withContainer(async (container) => {
        if (!(await container.tenants.find(options.tenant))) throw new CliError(`--tenant: no tenant ${options.tenant}`);
        const views = [];
        for (const each of environment ? [environment] : ENVIRONMENTS) {
          const view = await container.numbering.software.view(options.tenant, each);
          if (view) views.push(softwareView(view));
        }
        const lines = views.map(
          (v) =>
            `${v.environment}  ${v.software_id}  PIN ${v.pin}${v.test_set_id ? `  test set ${v.test_set_id}` : ''}` +
            `${v.payroll_test_set_id ? `  payroll test set ${v.payroll_test_set_id}` : ''}${v.default ? '  (sandbox default)' : ''}`,
        );
        print(!!options.json, views, lines.join('\n') || 'no software identity registered');
      });
    });
}
