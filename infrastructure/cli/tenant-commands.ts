import type { Command } from 'commander';
import { listTenants } from '../../application/tenancy/list-tenants.ts';
import { tenantRecord } from '../../application/tenancy/tenant-record.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { InvalidCompanyProfileError } from '../../domain/tenancy/company-profile-errors.ts';
import type { TenantState } from '../../domain/tenancy/tenant.ts';
import { CLI_CONTEXT, CliError, print, withContainer } from './cli-context.ts';
import { addProfileOptions, describeIssues, profilePatchFrom, type ProfileOptions } from './profile-options.ts';
import { tenantText } from './tenant-text.ts';

function tenantJson(tenant: TenantState) {
  return { id: tenant.id, nit: tenant.nit, dv: tenant.dv, legal_name: tenant.legalName, trade_name: tenant.tradeName, created_at: tenant.createdAt };
}

export function registerTenantCommands(program: Command): void {
  const tenants = program.command('tenants').description('companies that issue documents');

  tenants
    .command('create')
    .description('register a company (tenant)')
    .requiredOption('--nit <nit>', 'NIT, optionally with its check digit: 900825759 or 900825759-7')
    .requiredOption('--name <legal name>', 'legal name')
    .option('--trade-name <trade name>', 'trade name (defaults to the legal name)')
    .option('--json', 'print JSON')
    .action(async (options: { nit: string; name: string; tradeName?: string; json?: boolean }) => {
      await withContainer(async (container) => {
        try {
          const tenant = await container.registerTenant.execute({ nit: options.nit, legalName: options.name, tradeName: options.tradeName }, CLI_CONTEXT);
          print(!!options.json, tenantJson(tenant), `tenant ${tenant.id} created: ${tenant.legalName} (NIT ${tenant.nit}-${tenant.dv})`);
        } catch (error) {
          if (error instanceof DomainError) throw new CliError(error.message);
          throw error;
        }
      });
    });

  tenants
    .command('list')
    .description('list companies')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withContainer(async (container) => {
        const all = await listTenants(container.eventStore);
        const lines = all.map((t) => `${t.id}  ${t.nit}-${t.dv}  ${t.legalName}`);
        print(!!options.json, all.map(tenantJson), lines.join('\n') || 'no tenants');
      });
    });

  tenants
    .command('show')
    .description('a company with its profile and what DIAN still requires of it')
    .argument('<tenant id>', 'tenant id')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      await withContainer(async (container) => {
        const tenant = await container.tenants.find(id);
        if (!tenant) throw new CliError(`no tenant with id ${id}`);
        const record = tenantRecord(tenant);
        print(!!options.json, record, tenantText(record));
      });
    });

  addProfileOptions(
    tenants
      .command('update')
      .description('change the company profile (DIAN data of the issuer); an empty value ("") removes a field')
      .argument('<tenant id>', 'tenant id'),
  )
    .option('--json', 'print JSON')
    .action(async (id: string, options: ProfileOptions) => {
      const patch = profilePatchFrom(options);
      await withContainer(async (container) => {
        try {
          const tenant = await container.updateCompanyProfile.execute(id, patch, CLI_CONTEXT);
          if (!tenant) throw new CliError(`no tenant with id ${id}`);
          const record = tenantRecord(tenant);
          print(!!options.json, record, `profile of tenant ${id} updated\n${tenantText(record)}`);
        } catch (error) {
          if (error instanceof InvalidCompanyProfileError) throw new CliError(describeIssues(error.issues), 2);
          if (error instanceof DomainError) throw new CliError(error.message);
          throw error;
        }
      });
    });
}
