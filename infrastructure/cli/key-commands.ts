import type { Command } from 'commander';
import { listApiKeys } from '../../application/tenancy/list-api-keys.ts';
import { hasExpired, type ApiKeyState } from '../../domain/tenancy/api-key.ts';
import { DAY_MS } from '../../domain/shared/day-ms.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { isCalendarDate } from '../../domain/shared/is-calendar-date.ts';
import { parseTimestamp } from '../../domain/shared/timestamp.ts';
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
    expires_at: key.expiresAt,
  };
}

/** `--expires-in <days>` (1–3650) or `--expires-at <YYYY-MM-DD (00:00 in Colombia) | ISO 8601 instant>`; null: none. */
function expiryOf(options: { expiresIn?: string; expiresAt?: string }, now: Date): Date | null {
  if (options.expiresIn !== undefined && options.expiresAt !== undefined) throw new CliError('give --expires-in or --expires-at, not both', 2);
  if (options.expiresIn !== undefined) {
    const match = /^(\d{1,4})d?$/.exec(options.expiresIn.trim());
    const days = match ? Number(match[1]) : NaN;
    if (!(days >= 1 && days <= 3650)) throw new CliError(`--expires-in: must be a number of days from 1 to 3650 (such as 90 or 90d), not ${JSON.stringify(options.expiresIn)}`, 2);
    return new Date(now.getTime() + days * DAY_MS);
  }
  if (options.expiresAt === undefined) return null;
  const raw = options.expiresAt.trim();
  const parsed = isCalendarDate(raw) ? new Date(`${raw}T00:00:00-05:00`) : parseTimestamp(raw);
  if (!parsed) throw new CliError(`--expires-at: must be a date (YYYY-MM-DD, from 00:00 in Colombia) or an instant with its offset (2027-03-01T12:00:00Z), not ${JSON.stringify(options.expiresAt)}`, 2);
  if (parsed.getTime() <= now.getTime()) throw new CliError(`--expires-at: ${parsed.toISOString()} is not later than now`, 2);
  return parsed;
}

const expiryText = (key: ApiKeyState) => (key.expiresAt ? `; expires ${key.expiresAt}` : '');

function parseScopes(raw: string): Scope[] {
  const scopes = raw.split(',').map((scope) => scope.trim()).filter(Boolean);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new CliError(`--scopes: unknown scope ${unknown.map((s) => `"${s}"`).join(', ') || '(none given)'}; known scopes: ${SCOPES.join(', ')}`, 2);
  }
  return scopes as Scope[];
}

type CreateOptions = { tenant?: string; env?: string; scopes?: string; operator?: boolean; name?: string; expiresIn?: string; expiresAt?: string; json?: boolean };

async function createOperatorKey(options: CreateOptions): Promise<void> {
  if (options.tenant || options.scopes) throw new CliError('--operator keys take neither --tenant nor --scopes', 2);
  const expiresAt = expiryOf(options, new Date());
  await withContainer(async (container) => {
    const issued = await container.apiKeys.issue(
      { tenantId: OPERATOR_TENANT, environment: 'live', scopes: [...OPERATOR_SCOPES], name: options.name ?? 'operator key', expiresAt },
      { ...CLI_CONTEXT, tenantId: OPERATOR_TENANT, environment: 'live' },
    );
    print(!!options.json, { ...keyJson(issued.state), key: issued.key }, `operator key ${issued.state.keyId} created${expiryText(issued.state)}. Store it now; it is not shown again:\n${issued.key}`);
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
    .option('--expires-in <days>', 'the key answers 401 after this many days (1–3650); default: it does not expire')
    .option('--expires-at <date or instant>', 'the key answers 401 from then: YYYY-MM-DD (00:00 in Colombia) or an ISO 8601 instant')
    .option('--json', 'print JSON')
    .action(async (options: CreateOptions) => {
      if (options.operator) return createOperatorKey(options);
      if (!options.tenant) throw new CliError('--tenant <id> is required (or --operator)', 2);
      const environment = requiredEnvironment(options.env);
      const scopes = parseScopes(options.scopes ?? '');
      const expiresAt = expiryOf(options, new Date());
      const tenant = options.tenant;
      await withContainer(async (container) => {
        if (!(await container.tenants.find(tenant))) throw new CliError(`--tenant: no tenant with id ${tenant}`);
        const issued = await container.apiKeys.issue({ tenantId: tenant, environment, scopes, name: options.name, expiresAt }, {
          ...CLI_CONTEXT,
          tenantId: tenant,
          environment,
        });
        print(
          !!options.json,
          { ...keyJson(issued.state), key: issued.key },
          `key ${issued.state.keyId} created (${environment}; ${scopes.join(', ')}${expiryText(issued.state)}). Store it now; it is not shown again:\n${issued.key}`,
        );
      });
    });

  keys
    .command('rotate')
    .description('issue a key like this one (printed once) and let this one expire after a grace period, or revoke it at once')
    .argument('<id>', 'key id of the key to replace')
    .option('--grace-days <days>', 'days the old key keeps working (0–90; 0 revokes it now)', '7')
    .option('--expires-in <days>', 'the new key answers 401 after this many days (1–3650); default: it does not expire')
    .option('--expires-at <date or instant>', 'the new key answers 401 from then: YYYY-MM-DD (00:00 in Colombia) or an ISO 8601 instant')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { graceDays: string; expiresIn?: string; expiresAt?: string; json?: boolean }) => {
      const grace = /^\d{1,2}$/.test(options.graceDays.trim()) ? Number(options.graceDays) : NaN;
      if (!(grace >= 0 && grace <= 90)) throw new CliError(`--grace-days: must be a whole number of days from 0 to 90, not ${JSON.stringify(options.graceDays)}`, 2);
      const expiresAt = expiryOf(options, new Date());
      await withContainer(async (container) => {
        const rotated = await container.apiKeys.rotate(id, { graceMs: grace * DAY_MS, expiresAt }, CLI_CONTEXT).catch((error: unknown) => {
          throw error instanceof DomainError ? new CliError(error.message, 2) : error;
        });
        if (!rotated) throw new CliError(`no key with id ${id}`, 2);
        const { issued, replaced } = rotated;
        const fate = replaced.revokedAt ? `revoked at ${replaced.revokedAt}` : `works until ${replaced.expiresAt}`;
        print(
          !!options.json,
          { ...keyJson(issued.state), key: issued.key, replaced: keyJson(replaced) },
          `key ${issued.state.keyId} created to replace ${id} (${issued.state.environment}; ${issued.state.scopes.join(', ')}${expiryText(issued.state)}); ${id} ${fate}. Store the new key now; it is not shown again:\n${issued.key}`,
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
        const now = new Date();
        const standing = (k: ApiKeyState) => (k.revokedAt ? `revoked ${k.revokedAt}` : hasExpired(k, now) ? `expired ${k.expiresAt}` : `active${k.expiresAt ? ` until ${k.expiresAt}` : ''}`);
        const lines = all.map((k) => `${k.keyId}  ${k.prefix}…  ${k.environment}  ${k.scopes.join(',')}  ${standing(k)}`);
        print(!!options.json, all.map(keyJson), lines.join('\n') || `no keys for tenant ${options.tenant}`);
      });
    });
}
