import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { MissingSecretsKeyError, UnknownSecretsKeyError } from '../../../application/ports/secret-cipher.ts';
import { requireSecretsKeys, sealedSecretsRecord } from '../../../application/secrets/sealed-secrets-marker.ts';
import { AesGcmCipher, NoSecretsKey, secretsKeyId } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
import { contextFor, type FixedClock, type TempStores } from '../../support/fixtures.ts';
import { servicesWith, storesWithCompany } from './secret-services.ts';

const CONTEXT = { actor: 'test', correlationId: 'test' };

describe('SecretsReseal: a change of SECRETS_KEY, and what start-up requires', function () {
  this.timeout(30_000);
  let stores: TempStores;
  let clock: FixedClock;
  let tenantId: string;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const [oldId, newId] = [secretsKeyId(oldKey), secretsKeyId(newKey)];

  beforeEach(async () => {
    ({ stores, clock, tenantId } = await storesWithCompany());
  });
  afterEach(() => stores.dispose());

  /** Under the old key: a test certificate, a live software PIN, a live endpoint rotated an hour ago (both secrets sign). */
  async function keepSecretsUnderOldKey() {
    const before = servicesWith(stores.events, new AesGcmCipher(oldKey), clock);
    const signing = await before.certificates.signingKey(tenantId, 'test', clock.now());
    await before.software.set(tenantId, { environment: 'live', softwareId: 'soft-1', pin: '12345' }, CONTEXT);
    const created = await before.webhooks.create({ url: 'https://hooks.example.com/a', events: ['*'] }, contextFor(tenantId, 'live'));
    clock.advance(3_600_000);
    const rotated = await before.webhooks.rotateSecret(created.endpoint.id, contextFor(tenantId, 'live'));
    return { signing, endpointId: created.endpoint.id, webhookSecrets: [rotated.secret, created.secret] };
  }

  it('the new key with the old one in SECRETS_KEY_PREVIOUS opens everything; reseal seals it all with the new key, after which the new key alone opens the same secrets', async () => {
    const kept = await keepSecretsUnderOldKey();
    const both = servicesWith(stores.events, new AesGcmCipher(newKey, [oldKey]), clock);
    await requireSecretsKeys(stores.events, new AesGcmCipher(newKey, [oldKey]));
    expect((await both.reseal.inventory.all(clock.now())).map((secret) => [secret.kind, secret.keyId])).to.deep.equal([
      ['certificate_private_key', oldId],
      ['software_pin', oldId],
      ['webhook_secret', oldId],
      ['previous_webhook_secret', oldId],
    ]);

    const report = await both.reseal.run({ dryRun: false });

    expect(report).to.include({ keyId: newId, kept: 4, alreadySealed: 0, onlySealingKeyNeeded: true });
    expect(report.resealed.map((secret) => secret.kind)).to.deep.equal(['certificate_private_key', 'software_pin', 'webhook_secret', 'previous_webhook_secret']);
    expect(report.failed).to.deep.equal([]);
    const after = servicesWith(stores.events, new AesGcmCipher(newKey), clock);
    expect((await after.reseal.inventory.all(clock.now())).map((secret) => secret.keyId)).to.deep.equal([newId, newId, newId, newId]);
    expect(await after.certificates.signingKey(tenantId, 'test', clock.now())).to.deep.equal(kept.signing);
    expect(await after.software.keysFor(tenantId, 'live')).to.deep.equal({ id: 'soft-1', pin: '12345' });
    expect(await after.directory.signingSecrets(tenantId, 'live', kept.endpointId, clock.now())).to.deep.equal(kept.webhookSecrets);
    await requireSecretsKeys(stores.events, new AesGcmCipher(newKey));
    const endpoint = await after.webhooks.get({ tenantId, environment: 'live' }, kept.endpointId);
    expect(endpoint.updatedAt, 'a reseal is no change the company sees').to.equal('2026-03-01T13:00:00.000Z');
  });

  it('start-up refuses the new key alone while secrets sealed with the old one are kept, naming both keys; and a second reseal changes nothing', async () => {
    await keepSecretsUnderOldKey();
    let refused: unknown;
    await requireSecretsKeys(stores.events, new AesGcmCipher(newKey)).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(UnknownSecretsKeyError);
    expect((refused as Error).message).to.contain(`key ${oldId}`).and.to.contain(`SECRETS_KEY (key ${newId}) is not`).and.to.contain('SECRETS_KEY_PREVIOUS');
    refused = undefined;
    await requireSecretsKeys(stores.events, new NoSecretsKey()).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(MissingSecretsKeyError);

    const both = servicesWith(stores.events, new AesGcmCipher(newKey, [oldKey]), clock);
    await both.reseal.run({ dryRun: false });
    const events = (await stores.events.readAll({ maxCount: 10_000 })).length;
    const again = await both.reseal.run({ dryRun: false });

    expect(again).to.include({ kept: 4, alreadySealed: 4, onlySealingKeyNeeded: true });
    expect(again.resealed).to.deep.equal([]);
    expect((await stores.events.readAll({ maxCount: 10_000 })).length).to.equal(events);
  });

  it('a dry run lists what it would seal again and appends nothing', async () => {
    await keepSecretsUnderOldKey();
    const events = (await stores.events.readAll({ maxCount: 10_000 })).length;

    const report = await servicesWith(stores.events, new AesGcmCipher(newKey, [oldKey]), clock).reseal.run({ dryRun: true });

    expect(report.resealed).to.have.length(4);
    expect(report.onlySealingKeyNeeded).to.equal(false);
    expect((await stores.events.readAll({ maxCount: 10_000 })).length).to.equal(events);
  });

  it('a secret whose key is not configured is reported and left as it is, the others are sealed again, and start-up still requires its key', async () => {
    await keepSecretsUnderOldKey();
    const lostKey = randomBytes(32);
    const lost = servicesWith(stores.events, new AesGcmCipher(lostKey), clock);
    await lost.software.set(tenantId, { environment: 'test', softwareId: 'soft-2', pin: '999' }, CONTEXT);

    const report = await servicesWith(stores.events, new AesGcmCipher(newKey, [oldKey]), clock).reseal.run({ dryRun: false });

    expect(report.resealed).to.have.length(4);
    expect(report.failed.map(({ secret }) => [secret.kind, secret.environment, secret.keyId])).to.deep.equal([['software_pin', 'test', secretsKeyId(lostKey)]]);
    expect(report.failed[0].reason).to.contain(`sealed with key ${secretsKeyId(lostKey)}`);
    expect(report.onlySealingKeyNeeded).to.equal(false);
    let refused: unknown;
    await requireSecretsKeys(stores.events, new AesGcmCipher(newKey, [oldKey])).catch((error: unknown) => (refused = error));
    expect((refused as UnknownSecretsKeyError).missing).to.deep.equal([secretsKeyId(lostKey)]);
  });

  it('secrets a test environment kept in the clear (no SECRETS_KEY, the quick start) are sealed by the first reseal, and start-up then requires the key', async () => {
    const clear = servicesWith(stores.events, new NoSecretsKey(), clock);
    const signing = await clear.certificates.signingKey(tenantId, 'test', clock.now());
    const created = await clear.webhooks.create({ url: 'https://hooks.example.com/t', events: ['*'] }, contextFor(tenantId, 'test'));
    const keyed = servicesWith(stores.events, new AesGcmCipher(newKey), clock);

    const report = await keyed.reseal.run({ dryRun: false });

    expect(report.resealed.map((secret) => [secret.kind, secret.protection])).to.deep.equal([
      ['certificate_private_key', 'clear-test-only'],
      ['webhook_secret', 'clear-test-only'],
    ]);
    expect(report.onlySealingKeyNeeded).to.equal(true);
    expect((await keyed.reseal.inventory.all(clock.now())).map((secret) => [secret.protection, secret.keyId])).to.deep.equal([
      ['sealed', newId],
      ['sealed', newId],
    ]);
    expect(await keyed.certificates.signingKey(tenantId, 'test', clock.now())).to.deep.equal(signing);
    expect(await keyed.directory.signingSecrets(tenantId, 'test', created.endpoint.id, clock.now())).to.deep.equal([created.secret]);
    const streams = JSON.stringify((await stores.events.readAll({ maxCount: 10_000 })).filter((event) => event.type.endsWith('Resealed')).map((event) => event.data));
    expect(streams).to.not.contain(created.secret.slice('whsec_'.length));
    let refused: unknown;
    await requireSecretsKeys(stores.events, new NoSecretsKey()).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(MissingSecretsKeyError);
  });

  it('a previous webhook secret past its 24 hours is never opened again, so it is neither listed nor sealed again', async () => {
    const kept = await keepSecretsUnderOldKey();
    clock.advance(24 * 3_600_000);
    const both = servicesWith(stores.events, new AesGcmCipher(newKey, [oldKey]), clock);

    const report = await both.reseal.run({ dryRun: false });

    expect(report.resealed.map((secret) => secret.kind)).to.deep.equal(['certificate_private_key', 'software_pin', 'webhook_secret']);
    expect(report.onlySealingKeyNeeded).to.equal(true);
    expect(await servicesWith(stores.events, new AesGcmCipher(newKey), clock).directory.signingSecrets(tenantId, 'live', kept.endpointId, clock.now())).to.deep.equal([kept.webhookSecrets[0]]);
  });

  it('a deployment whose record predates key ids needs only some key at start-up until a reseal records the one that seals everything', async () => {
    await stores.events.append('sealedSecrets-marker', [{ type: 'SecretsFirstSealed', data: { purpose: 'certificate private keys', at: clock.now().toISOString() }, metadata: { actor: 'system' } }], 'no_stream');
    await servicesWith(stores.events, new AesGcmCipher(oldKey), clock).software.set(tenantId, { environment: 'live', softwareId: 'soft-1', pin: '12345' }, CONTEXT);
    expect((await sealedSecretsRecord(stores.events)).record).to.deep.equal({ sealed: true, keyIds: [oldId], unrecordedKeys: true });

    await servicesWith(stores.events, new AesGcmCipher(newKey, [oldKey]), clock).reseal.run({ dryRun: false });

    expect((await sealedSecretsRecord(stores.events)).record).to.deep.equal({ sealed: true, keyIds: [newId], unrecordedKeys: false });
  });
});
