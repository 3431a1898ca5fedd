import type { Command } from 'commander';
import { listApiKeys } from '../../application/tenancy/list-api-keys.ts';
import type { ApiKeyState } from '../../domain/tenancy/api-key.ts';
import { isScope, OPERATOR_SCOPES, OPERATOR_TENANT, SCOPES, type Scope } from '../../domain/tenancy/scopes.ts';
import { CLI_CONTEXT, CliError, print, requiredEnvironment, withContainer } from './cli-context.ts';

function keyJson(key: ApiKeyState) {
  return {
    id: key.keyId,
    tenant_id: key.tenantId,
    environment: key.environment,
    scopes: key.scopes,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
  };
}

function parseScopes(raw: string): Scope[] {
  const scopes = raw.split(',').map((scope) => scope.trim()).filter(Boolean);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new CliError(`--scopes: unknown scope ${unknown.map((s) => `"${s}"`).join(', ') || '(none given)'}; known scopes: ${SCOPES.join(', ')}`, 2);
  }
  return scopes as Scope[];
}

async function createOperatorKey(options: { tenant?: string; scopes?: string; name?: string; json?: boolean }): Promise<void> {
  if (options.tenant || options.scopes) throw new CliError('--operator keys take neither --tenant nor --scopes', 2);
  await withContainer(async (container) => {
    const issued = await container.apiKeys.issue(
      { tenantId: OPERATOR_TENANT, environment: 'live', scopes: [...OPERATOR_SCOPES], name: options.name ?? 'operator key' },
      { ...CLI_CONTEXT, tenantId: OPERATOR_TENANT, environment: 'live' },
    );
    print(!!options.json, { ...keyJson(issued.state), key: issued.key }, `operator key ${issued.state.keyId} created. Store it now; it is not shown again:\n${issued.key}`);
  });
}

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('API keys of a company');

  keys
    .command('create')
    .description('issue an API key; the key is printed once and stored only as a hash')
    .option('--tenant <id>', 'tenant id (required unless --operator)')
    .option('--env <environment>', 'test or live (required unless --operator)')
    .option('--scopes <list>', `comma-separated: ${SCOPES.join(',')} (required unless --operator)`)
    .option('--operator', `an operator key with the ${OPERATOR_SCOPES.join(', ')} scope, bound to no company`)
    .option('--name <name>', 'a label for the key')
    .option('--json', 'print JSON')
    .action(async (options: { tenant?: string; env?: string; scopes?: string; operator?: boolean; name?: string; json?: boolean }) => {
      if (options.operator) return createOperatorKey(options);
      if (!options.tenant) throw new CliError('--tenant <id> is required (or --operator)', 2);
      const environment = requiredEnvironment(options.env);
      const scopes = parseScopes(options.scopes ?? '');
      const tenant = options.tenant;
      await withContainer(async (container) => {
        if (!(await container.tenants.find(tenant))) throw new CliError(`--tenant: no tenant with id ${tenant}`);
        const issued = await container.apiKeys.issue({ tenantId: tenant, environment, scopes, name: options.name }, {
          ...CLI_CONTEXT,
          tenantId: tenant,
          environment,
        });
        print(
          !!options.json,
          { ...keyJson(issued.state), key: issued.key },
          `key ${issued.state.keyId} created (${environment}; ${scopes.join(', ')}). Store it now; it is not shown again:\n${issued.key}`,
        );
      });
    });

  keys
    .command('revoke')
    .description('revoke a key; requests with it answer 401 from then on')
    .argument('<id>', 'key id')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      await withContainer(async (container) => {
        const revoked = await container.apiKeys.revoke(id, CLI_CONTEXT);
        if (!revoked) throw new CliError(`no key with id ${id}`);
        print(!!options.json, keyJson(revoked), `key ${id} revoked at ${revoked.revokedAt}`);
      });
    });

  keys
    .command('list')
    .description('list the keys of a tenant (never the secrets)')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action(async (options: { tenant: string; json?: boolean }) => {
      await withContainer(async (container) => {
        const all = await listApiKeys(container.eventStore, options.tenant);
        const lines = all.map((k) => `${k.keyId}  ${k.prefix}…  ${k.environment}  ${k.scopes.join(',')}  ${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}`);
        print(!!options.json, all.map(keyJson), lines.join('\n') || `no keys for tenant ${options.tenant}`);
      });
    });
}
