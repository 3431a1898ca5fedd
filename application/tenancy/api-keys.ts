import { timingSafeEqual } from 'node:crypto';
import { apiKeyDecider, hasExpired, type ApiKeyCommand, type ApiKeyEvent, type ApiKeyState } from '../../domain/tenancy/api-key.ts';
import { ApiKeyExpiredError } from './api-key-expired-error.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { OPERATOR_TENANT, type Environment, type Scope } from '../../domain/tenancy/scopes.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import { ArrivalGathering } from '../event-sourcing/arrival-gathering.ts';
import { FoldedStreamCache } from '../event-sourcing/folded-stream-cache.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import { API_KEY_LENGTHS, displayPrefix, formatApiKey, hashApiKey, parseApiKey } from './api-key-format.ts';
import type { TenantDirectory } from './tenant-directory.ts';

const apiKeyStreamId = (keyId: string) => `apiKey-${keyId}`;

interface IssuedKey {
  key: string;
  state: ApiKeyState;
}

export interface Principal {
  keyId: string;
  tenantId: string;
  environment: Environment;
  scopes: Scope[];
}

export class ApiKeys {
  /**
   * Every request authenticates: its key's stream is folded once and re-checked by revision (a revocation anywhere is
   * seen by every request read after it; requests read before one re-check share it).
   */
  private readonly keys: FoldedStreamCache<ApiKeyCommand, ApiKeyEvent, ApiKeyState>;

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly tenants: TenantDirectory,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    /** The HTTP server reports its requests here: a request's key lookup waits for those arriving with it. */
    readonly arrivals = new ArrivalGathering(),
  ) {
    this.keys = new FoldedStreamCache(aggregates, apiKeyDecider, { defer: arrivals.defer });
  }

  async issue(input: { tenantId: string; environment: Environment; scopes: Scope[]; name?: string; expiresAt?: Date | null }, context: RequestContext): Promise<IssuedKey> {
    if (input.tenantId !== OPERATOR_TENANT && !(await this.tenants.find(input.tenantId))) throw new Error(`tenant ${input.tenantId} does not exist`);
    const keyId = this.ids.token(API_KEY_LENGTHS.keyId);
    const key = formatApiKey(input.environment, keyId, this.ids.token(API_KEY_LENGTHS.secret));
    const handled = await this.aggregates.handle(
      apiKeyStreamId(keyId),
      apiKeyDecider,
      {
        type: 'IssueApiKey',
        keyId,
        tenantId: input.tenantId,
        environment: input.environment,
        scopes: [...new Set(input.scopes)],
        name: input.name ?? `${input.environment} key`,
        prefix: displayPrefix(key),
        hash: hashApiKey(key),
        expiresAt: input.expiresAt ?? null,
        now: this.clock.now(),
      },
      { ...context, tenantId: input.tenantId, environment: input.environment },
    );
    return { key, state: handled.state };
  }

  async revoke(keyId: string, context: Omit<RequestContext, 'tenantId' | 'environment'>): Promise<ApiKeyState | null> {
    const { state } = await this.aggregates.load(apiKeyStreamId(keyId), apiKeyDecider);
    if (!state.exists) return null;
    const handled = await this.aggregates.handle(apiKeyStreamId(keyId), apiKeyDecider, { type: 'RevokeApiKey', now: this.clock.now() }, {
      ...context,
      tenantId: state.tenantId,
      environment: state.environment,
    });
    return handled.state;
  }

  /**
   * A new key like `keyId` (company, environment, scopes, name), printed once, then the old one revoked at once
   * (`graceMs` 0) or left to expire after `graceMs` (never later than it would have), so the client can switch without
   * an outage. The new key is issued first: cut short between the two, both keys work. Null when `keyId` is unknown.
   */
  async rotate(keyId: string, options: { graceMs: number; expiresAt?: Date | null }, context: Omit<RequestContext, 'tenantId' | 'environment'>): Promise<{ issued: IssuedKey; replaced: ApiKeyState } | null> {
    const { state: old } = await this.aggregates.load(apiKeyStreamId(keyId), apiKeyDecider);
    if (!old.exists) return null;
    const now = this.clock.now();
    if (old.revokedAt || hasExpired(old, now)) throw new DomainError('validation_failed', `key ${keyId} is ${old.revokedAt ? 'revoked' : 'expired'}; issue a new one with keys create`);
    const scope = { ...context, tenantId: old.tenantId, environment: old.environment };
    const issued = await this.issue({ tenantId: old.tenantId, environment: old.environment, scopes: old.scopes, name: old.name, expiresAt: options.expiresAt }, scope);
    const graceEnds = new Date(now.getTime() + options.graceMs);
    const command: ApiKeyCommand =
      options.graceMs === 0
        ? { type: 'RevokeApiKey', now }
        : { type: 'SetApiKeyExpiry', expiresAt: old.expiresAt && Date.parse(old.expiresAt) < graceEnds.getTime() ? new Date(old.expiresAt) : graceEnds, now };
    const replaced = await this.aggregates.handle(apiKeyStreamId(keyId), apiKeyDecider, command, scope);
    return { issued, replaced: replaced.state };
  }

  /** `since`: when the caller's request was read (see FoldedStreamCache). */
  async find(keyId: string, since?: number): Promise<ApiKeyState | null> {
    const state = await this.keys.load(apiKeyStreamId(keyId), since);
    return state.exists ? state : null;
  }

  /**
   * The principal of a presented key, or null when it is malformed, unknown or revoked. A key presented whole after its
   * expiry throws an ApiKeyExpiredError (only once its hash matched: nothing is told about a key not held). `since`: as
   * `find`'s.
   */
  async authenticate(presented: string, since?: number): Promise<Principal | null> {
    const parsed = parseApiKey(presented);
    if (!parsed) return null;
    const state = await this.find(parsed.keyId, since);
    if (!state || state.revokedAt || state.environment !== parsed.environment) return null;
    const expected = Buffer.from(state.hash, 'hex');
    const actual = Buffer.from(hashApiKey(presented), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    if (hasExpired(state, this.clock.now())) throw new ApiKeyExpiredError(state.keyId, state.expiresAt!);
    return { keyId: state.keyId, tenantId: state.tenantId, environment: state.environment, scopes: [...state.scopes] };
  }
}
