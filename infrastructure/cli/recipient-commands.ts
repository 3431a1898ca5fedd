import type { Command } from 'commander';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { CLI_CONTEXT, CliError, print, withContainer } from './cli-context.ts';

type Change = 'allow' | 'remove';

async function change(kind: Change, tenantId: string, addresses: string[], json: boolean): Promise<void> {
  await withContainer(async (container) => {
    if (!(await container.tenants.find(tenantId))) throw new CliError(`--tenant: no tenant with id ${tenantId}`);
    let list: string[] = [];
    try {
      for (const address of addresses) list = await container.messages.recipients[kind](tenantId, address, CLI_CONTEXT);
    } catch (error) {
      if (error instanceof DomainError) throw new CliError(error.message, 2);
      throw error;
    }
    print(json, list, `${kind === 'allow' ? 'allowed' : 'removed'}: ${addresses.join(', ')}. Authorized recipients now: ${list.join(', ') || '(none)'}`);
  });
}

/** `recipients allow|list|remove`: the addresses a company's test keys may reach (seed 002). */
export function registerRecipientCommands(program: Command): void {
  const recipients = program.command('recipients').description('authorized recipients of a company’s test keys (seed 002)');

  recipients
    .command('allow')
    .description('add addresses to the list')
    .argument('<addresses...>', 'e-mail addresses')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action((addresses: string[], options: { tenant: string; json?: boolean }) => change('allow', options.tenant, addresses, !!options.json));

  recipients
    .command('remove')
    .description('take addresses off the list')
    .argument('<addresses...>', 'e-mail addresses')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action((addresses: string[], options: { tenant: string; json?: boolean }) => change('remove', options.tenant, addresses, !!options.json));

  recipients
    .command('list')
    .description('list the authorized recipients')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action(async (options: { tenant: string; json?: boolean }) => {
      await withContainer(async (container) => {
        if (!(await container.tenants.find(options.tenant))) throw new CliError(`--tenant: no tenant with id ${options.tenant}`);
        const list = await container.messages.recipients.list(options.tenant);
        print(!!options.json, list, list.join('\n') || `no authorized recipients for tenant ${options.tenant}`);
      });
    });
}
