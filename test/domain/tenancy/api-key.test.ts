import { expect } from 'chai';
import { DomainError } from '../../../domain/shared/domain-error.ts';
import { apiKeyDecider, type ApiKeyCommand, type ApiKeyState } from '../../../domain/tenancy/api-key.ts';

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

function given(...commands: ApiKeyCommand[]): ApiKeyState {
  return commands.reduce(
    (state, command) => apiKeyDecider.decide(command, state).reduce(apiKeyDecider.evolve, state),
    apiKeyDecider.initialState(),
  );
}

function errorCode(state: ApiKeyState, command: ApiKeyCommand): string {
  try {
    apiKeyDecider.decide(command, state);
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return (error as DomainError).code;
  }
  expect.fail(`${command.type} was accepted`);
}

describe('apiKeyDecider', () => {
  it('given no key, when issued, then ApiKeyIssued holds the hash (never a secret) and the state is active', () => {
    const events = apiKeyDecider.decide(issue, apiKeyDecider.initialState());
    expect(events).to.deep.equal([
      {
        type: 'ApiKeyIssued',
        data: { keyId: 'k1', tenantId: 't-1', environment: 'test', scopes: ['invoices:read'], name: 'ci', prefix: 'fe_test_k1', hash: 'ab'.repeat(32), at: NOW.toISOString() },
      },
    ]);
    expect(given(issue)).to.include({ exists: true, keyId: 'k1', tenantId: 't-1', createdAt: NOW.toISOString(), revokedAt: null });
  });

  it('given an issued key, when issued again, then already_exists', () => {
    expect(errorCode(given(issue), issue)).to.equal('already_exists');
  });

  it('given no scopes, when issued, then invalid_scopes', () => {
    expect(errorCode(given(), { ...issue, scopes: [] })).to.equal('invalid_scopes');
  });

  it('given an active key, when revoked, then ApiKeyRevoked and revokedAt is set', () => {
    const state = given(issue);
    expect(apiKeyDecider.decide(revoke, state)).to.deep.equal([{ type: 'ApiKeyRevoked', data: { keyId: 'k1', at: LATER.toISOString() } }]);
    expect(given(issue, revoke)).to.include({ exists: true, revokedAt: LATER.toISOString(), hash: 'ab'.repeat(32) });
  });

  it('given a revoked key, when revoked again, then nothing happens', () => {
    expect(apiKeyDecider.decide({ type: 'RevokeApiKey', now: new Date('2025-01-01T00:00:00Z') }, given(issue, revoke))).to.deep.equal([]);
  });

  it('given no key, when revoked, then not_found', () => {
    expect(errorCode(given(), revoke)).to.equal('not_found');
  });
});
