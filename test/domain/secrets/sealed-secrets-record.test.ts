import { expect } from 'chai';
import { sealedSecretsRecordDecider } from '../../../domain/secrets/sealed-secrets-record.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const spec = deciderSpec(sealedSecretsRecordDecider);
const now = new Date('2026-03-01T12:00:00.000Z');
const use = (keyId: string) => ({ type: 'RecordKeyUse', keyId, purpose: 'webhook secrets', now }) as const;
const allWith = (keyId: string) => ({ type: 'RecordAllSealedWith', keyId, resealed: 3, now }) as const;

describe('sealed secrets record (decider)', () => {
  it('records the first seal, then each new key once; a key already recorded decides nothing', () => {
    const first = spec.given().when(use('keyA'));
    expect(first.events).to.deep.equal([{ type: 'SecretsFirstSealed', data: { purpose: 'webhook secrets', at: now.toISOString(), keyId: 'keyA' } }]);

    const second = spec.given(use('keyA')).when(use('keyB'));
    expect(second.events).to.deep.equal([{ type: 'SecretsKeyUsed', data: { purpose: 'webhook secrets', at: now.toISOString(), keyId: 'keyB' } }]);
    expect(second.state).to.deep.equal({ sealed: true, keyIds: ['keyA', 'keyB'], unrecordedKeys: false });
    expect(spec.given(use('keyA'), use('keyB')).when(use('keyA')).events).to.deep.equal([]);
  });

  it('once everything is sealed with one key, that key alone is needed, even where a record predates key ids', () => {
    expect(spec.given(use('keyA'), use('keyB')).when(allWith('keyB')).state).to.deep.equal({ sealed: true, keyIds: ['keyB'], unrecordedKeys: false });
    const legacy = spec.givenEvents({ type: 'SecretsFirstSealed', data: { purpose: 'certificate private keys', at: now.toISOString() } });
    expect(legacy.when(use('keyA')).state).to.deep.equal({ sealed: true, keyIds: ['keyA'], unrecordedKeys: true });
    expect(legacy.when(allWith('keyA')).state).to.deep.equal({ sealed: true, keyIds: ['keyA'], unrecordedKeys: false });
  });
});
