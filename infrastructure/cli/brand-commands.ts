import type { Command } from 'commander';
import { DEFAULT_COLORS, type Brand } from '../../domain/messages/brand.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { CLI_CONTEXT, CliError, print, withContainer } from './cli-context.ts';
import type { Container } from '../composition/container.ts';

interface CreateOptions {
  tenant: string;
  slug: string;
  name: string;
  legalName: string;
  nit: string;
  logo?: string;
  primary?: string;
  secondary?: string;
  address?: string;
  phone?: string;
  email?: string;
  website?: string;
  apps?: string;
  allApps?: boolean;
  json?: boolean;
}

function describe(brand: Brand): string {
  const apps = brand.allApplications ? 'every application' : brand.applications.join(', ') || 'no application yet';
  return `${brand.slug}  ${brand.name}  ${brand.legal.legalName} (NIT ${brand.legal.nit})  ${brand.colors.primary}/${brand.colors.secondary}  apps: ${apps}`;
}

async function withTenant<T>(tenantId: string, work: (container: Container) => Promise<T>): Promise<T> {
  return withContainer(async (container) => {
    if (!(await container.tenants.find(tenantId))) throw new CliError(`--tenant: no tenant with id ${tenantId}`);
    try {
      return await work(container);
    } catch (error) {
      if (error instanceof DomainError) throw new CliError(error.message, 2);
      throw error;
    }
  });
}

/** `brands create|list|authorize`: how a company's e-mails look, and which applications (key ids) may use each brand. */
export function registerBrandCommands(program: Command): void {
  const brands = program.command('brands').description('brands of a company for its e-mails (seed 002)');

  brands
    .command('create')
    .description('register a brand: name, logo, colors, legal details and the applications that may use it')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--slug <slug>', 'identifier used in requests (lower-case letters, digits, dashes)')
    .requiredOption('--name <name>', 'name shown in the e-mails')
    .requiredOption('--legal-name <legal name>', 'legal name for the footer')
    .requiredOption('--nit <nit>', 'NIT for the footer, e.g. 900123456-8')
    .option('--logo <url>', 'http(s) URL of the logo')
    .option('--primary <color>', 'primary color', DEFAULT_COLORS.primary)
    .option('--secondary <color>', 'secondary color', DEFAULT_COLORS.secondary)
    .option('--address <address>', 'postal address for the footer')
    .option('--phone <phone>', 'phone for the footer')
    .option('--email <email>', 'contact address for the footer')
    .option('--website <url>', 'web site for the footer')
    .option('--apps <key ids>', 'comma-separated key ids of the applications that may use it')
    .option('--all-apps', 'every application of the company may use it')
    .option('--json', 'print JSON')
    .action(async (options: CreateOptions) => {
      const brand: Brand = {
        slug: options.slug,
        name: options.name,
        logoUrl: options.logo ?? null,
        colors: { primary: options.primary ?? DEFAULT_COLORS.primary, secondary: options.secondary ?? DEFAULT_COLORS.secondary },
        legal: {
          legalName: options.legalName,
          nit: options.nit,
          address: options.address ?? null,
          phone: options.phone ?? null,
          email: options.email ?? null,
          website: options.website ?? null,
        },
        applications: (options.apps ?? '').split(',').map((app) => app.trim()).filter(Boolean),
        allApplications: !!options.allApps,
      };
      await withTenant(options.tenant, async (container) => {
        const registered = await container.messages.brands.register(options.tenant, brand, CLI_CONTEXT);
        print(!!options.json, registered, `brand registered: ${describe(registered)}`);
      });
    });

  brands
    .command('list')
    .description('list the brands of a company')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action(async (options: { tenant: string; json?: boolean }) => {
      await withTenant(options.tenant, async (container) => {
        const all = await container.messages.brands.list(options.tenant);
        print(!!options.json, all, all.map(describe).join('\n') || `no brands for tenant ${options.tenant}`);
      });
    });

  brands
    .command('authorize')
    .description('let one more application (key id), or every one, use a brand')
    .argument('<slug>', 'brand slug')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--app <key id>', 'key id of the application')
    .option('--all-apps', 'every application of the company')
    .option('--json', 'print JSON')
    .action(async (slug: string, options: { tenant: string; app?: string; allApps?: boolean; json?: boolean }) => {
      if (!options.app === !options.allApps) throw new CliError('give exactly one of --app <key id> or --all-apps', 2);
      await withTenant(options.tenant, async (container) => {
        const brand = await container.messages.brands.authorize(options.tenant, slug, options.app ?? null, CLI_CONTEXT);
        print(!!options.json, brand, `brand authorized: ${describe(brand)}`);
      });
    });
}
