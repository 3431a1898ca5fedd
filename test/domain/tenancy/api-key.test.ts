import { expect } from 'chai';
import { apiKeyDecider, hasExpired, type ApiKeyCommand } from '../../../domain/tenancy/api-key.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const NOW = new Date('2024-03-01T15:30:00.000Z');
const LATER = new Date('2024-03-02T10:00:00.000Z');

const issue: ApiKeyCommand = {
  type: 'IssueApiKey',
  keyId: 'k1',
  tenantId: 't-1',
  environment: 'test',
  scopes: ['invoices:read'],
  name: 'ci',
  prefix: 'fe_test_k1',
  hash: 'ab'.repeat(32),
  now: NOW,
};
const revoke: ApiKeyCommand = { type: 'RevokeApiKey', now: LATER };

const spec = deciderSpec(apiKeyDecider);

describe('apiKeyDecider', () => {
  it('given no key, when issued, then ApiKeyIssued holds the hash (never a secret) and the state is active', () => {
    const { events } = spec.given().when(issue);
    expect(events).to.deep.equal([
      {
        type: 'ApiKeyIssued',
        data: { keyId: 'k1', tenantId: 't-1', environment: 'test', scopes: ['invoices:read'], name: 'ci', prefix: 'fe_test_k1', hash: 'ab'.repeat(32), at: NOW.toISOString(), expiresAt: null },
      },
    ]);
    expect(spec.given(issue).state).to.include({ exists: true, keyId: 'k1', tenantId: 't-1', createdAt: NOW.toISOString(), revokedAt: null, expiresAt: null });
  });

  it('given an expiry, when issued, then the key holds it and has expired from that instant on; an expiry not later than now is refused; a key issued before expiries never expires', () => {
    const { events, state } = spec.given().when({ ...issue, expiresAt: LATER });

    expect(events[0].data).to.include({ expiresAt: LATER.toISOString() });
    expect(state.expiresAt).to.equal(LATER.toISOString());
    expect(hasExpired(state, new Date(LATER.getTime() - 1))).to.equal(false);
    expect(hasExpired(state, LATER)).to.equal(true);
    expect(spec.given().refused({ ...issue, expiresAt: NOW }).message).to.contain('not later than now');
    const { expiresAt, ...older } = events[0].data as Record<string, unknown>;
    const folded = apiKeyDecider.evolve(apiKeyDecider.initialState(), { type: 'ApiKeyIssued', data: older } as never);
    expect(expiresAt).to.equal(LATER.toISOString());
    expect(folded.expiresAt).to.equal(null);
    expect(hasExpired(folded, new Date('2999-01-01T00:00:00Z'))).to.equal(false);
  });

  it('given an issued key, when issued again, then already_exists', () => {
    expect(spec.given(issue).refused(issue).code).to.equal('already_exists');
  });

  it('given no scopes, when issued, then invalid_scopes', () => {
    expect(spec.given().refused({ ...issue, scopes: [] }).code).to.equal('invalid_scopes');
  });

  it('given an active key, when revoked, then ApiKeyRevoked and revokedAt is set', () => {
    const issued = spec.given(issue);
    expect(issued.when(revoke).events).to.deep.equal([{ type: 'ApiKeyRevoked', data: { keyId: 'k1', at: LATER.toISOString() } }]);
    expect(spec.given(issue, revoke).state).to.include({ exists: true, revokedAt: LATER.toISOString(), hash: 'ab'.repeat(32) });
  });

  it('given a revoked key, when revoked again, then nothing happens', () => {
    expect(spec.given(issue, revoke).when({ type: 'RevokeApiKey', now: new Date('2025-01-01T00:00:00Z') }).events).to.deep.equal([]);
  });

  it('given no key, when revoked, then not_found', () => {
    expect(spec.given().refused(revoke).code).to.equal('not_found');
  });

  it('given an active key, when its expiry is set, then ApiKeyExpirySet; the same expiry decides nothing; a past one, or a revoked or expired key, is refused', () => {
    const set = (expiresAt: Date, now = LATER): ApiKeyCommand => ({ type: 'SetApiKeyExpiry', expiresAt, now });
    const inAWeek = new Date(LATER.getTime() + 7 * 86_400_000);

    const { events, state } = spec.given(issue).when(set(inAWeek));

    expect(events).to.deep.equal([{ type: 'ApiKeyExpirySet', data: { keyId: 'k1', expiresAt: inAWeek.toISOString(), at: LATER.toISOString() } }]);
    expect(state.expiresAt).to.equal(inAWeek.toISOString());
    expect(spec.given(issue, set(inAWeek)).when(set(inAWeek)).events).to.deep.equal([]);
    expect(spec.given(issue).refused(set(NOW)).message).to.contain('not later than now');
    expect(spec.given(issue, revoke).refused(set(inAWeek)).message).to.contain('is revoked');
    expect(spec.given(issue, set(inAWeek)).refused(set(new Date(inAWeek.getTime() + 1), inAWeek)).message).to.contain('is expired');
    expect(spec.given().refused(set(inAWeek)).code).to.equal('not_found');
  });
});
