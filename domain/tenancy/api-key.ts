import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { Environment, Scope } from './scopes.ts';

export interface ApiKeyState {
  exists: boolean;
  keyId: string;
  tenantId: string;
  environment: Environment;
  scopes: Scope[];
  name: string;
  prefix: string;
  hash: string;
  createdAt: string;
  revokedAt: string | null;
  /** From this instant the key answers 401 as a revoked one does; null: it does not expire. */
  expiresAt: string | null;
}

export type ApiKeyEvent =
  | {
      type: 'ApiKeyIssued';
      /** `expiresAt` is absent on keys issued before keys could expire. */
      data: { keyId: string; tenantId: string; environment: Environment; scopes: Scope[]; name: string; prefix: string; hash: string; at: string; expiresAt?: string | null };
    }
  | { type: 'ApiKeyRevoked'; data: { keyId: string; at: string } }
  /** A new expiry (a rotation gives the replaced key a few days of grace). */
  | { type: 'ApiKeyExpirySet'; data: { keyId: string; expiresAt: string; at: string } };

/** What an issued key is made of, as its state keeps it. */
type IssuedFields = Pick<ApiKeyState, 'keyId' | 'tenantId' | 'environment' | 'scopes' | 'name' | 'prefix' | 'hash'>;

export type ApiKeyCommand =
  | ({ type: 'IssueApiKey'; expiresAt?: Date | null; now: Date } & IssuedFields)
  | { type: 'RevokeApiKey'; now: Date }
  | { type: 'SetApiKeyExpiry'; expiresAt: Date; now: Date };

function notLaterThanNow(expiresAt: Date, now: Date): DomainError | null {
  return expiresAt.getTime() <= now.getTime() ? new DomainError('validation_failed', `a key cannot expire at ${expiresAt.toISOString()}, which is not later than now`) : null;
}

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState: () => ({
    exists: false,
    keyId: '',
    tenantId: '',
    environment: 'test',
    scopes: [],
    name: '',
    prefix: '',
    hash: '',
    createdAt: '',
    revokedAt: null,
    expiresAt: null,
  }),
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'IssueApiKey') {
      if (state.exists) throw new DomainError('already_exists', `key ${state.keyId} already exists`);
      if (command.scopes.length === 0) throw new DomainError('invalid_scopes', 'a key needs at least one scope');
      const expiresAt = command.expiresAt ?? null;
      const refusal = expiresAt && notLaterThanNow(expiresAt, command.now);
      if (refusal) throw refusal;
      const { keyId, tenantId, environment, scopes, name, prefix, hash } = command;
      return [{ type: 'ApiKeyIssued', data: { keyId, tenantId, environment, scopes, name, prefix, hash, at, expiresAt: expiresAt?.toISOString() ?? null } }];
    }
    if (!state.exists) throw new DomainError('not_found', 'no such key');
    if (command.type === 'RevokeApiKey') return state.revokedAt ? [] : [{ type: 'ApiKeyRevoked', data: { keyId: state.keyId, at } }];
    if (state.revokedAt || hasExpired(state, command.now)) throw new DomainError('validation_failed', `key ${state.keyId} is ${state.revokedAt ? 'revoked' : 'expired'}: its expiry no longer changes`);
    const refusal = notLaterThanNow(command.expiresAt, command.now);
    if (refusal) throw refusal;
    const expiresAt = command.expiresAt.toISOString();
    return expiresAt === state.expiresAt ? [] : [{ type: 'ApiKeyExpirySet', data: { keyId: state.keyId, expiresAt, at } }];
  },
  evolve(state, event) {
    if (event.type === 'ApiKeyIssued') {
      const { keyId, tenantId, environment, scopes, name, prefix, hash, at, expiresAt } = event.data;
      return { exists: true, keyId, tenantId, environment, scopes, name, prefix, hash, createdAt: at, revokedAt: null, expiresAt: expiresAt ?? null };
    }
    if (event.type === 'ApiKeyExpirySet') return { ...state, expiresAt: event.data.expiresAt };
    return { ...state, revokedAt: event.data.at };
  },
};

/** Whether the key has expired at `now` (a key without an expiry never does). */
export function hasExpired(state: Pick<ApiKeyState, 'expiresAt'>, now: Date): boolean {
  return state.expiresAt !== null && Date.parse(state.expiresAt) <= now.getTime();
}
