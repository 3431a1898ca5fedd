import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { softwareIdentityStreamId } from '../../../application/numbering/software-identities.ts';
import type { EventStore } from '../../../application/ports/event-store.ts';
import { UnknownSecretsKeyError } from '../../../application/ports/secret-cipher.ts';
import type { ResealReport } from '../../../application/secrets/reseal-secrets.ts';
import { requireSecretsKeys } from '../../../application/secrets/sealed-secrets-marker.ts';
import { AesGcmCipher, secretsKeyId } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
import type { FixedClock, TempStores } from '../../support/fixtures.ts';
import { servicesWith, storesWithCompany, withWorkBeforeAppend } from './secret-services.ts';

const CONTEXT = { actor: 'test', correlationId: 'test' };

/**
 * A reseal by an instance on the new key while another instance, not yet restarted, still seals with the old one: the
 * old instance's secret lands at the worst moments, and start-up must still demand the old key until it is sealed again.
 */
describe('SecretsReseal beside an instance still on the old key', function () {
  this.timeout(30_000);
  let stores: TempStores;
  let clock: FixedClock;
  let tenantId: string;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const oldId = secretsKeyId(oldKey);

  beforeEach(async () => {
    ({ stores, clock, tenantId } = await storesWithCompany());
    await servicesWith(stores.events, new AesGcmCipher(oldKey), clock).software.set(tenantId, { environment: 'test', softwareId: 'soft-1', pin: '12345' }, CONTEXT);
  });
  afterEach(() => stores.dispose());

  const setLivePin = (events: EventStore = stores.events) =>
    servicesWith(events, new AesGcmCipher(oldKey), clock).software.set(tenantId, { environment: 'live', softwareId: 'soft-2', pin: '67890' }, CONTEXT);

  const resealWithNewKey = () => servicesWith(stores.events, new AesGcmCipher(newKey, [oldKey]), clock).reseal.run({ dryRun: false });

  async function refusalWithNewKeyAlone(): Promise<unknown> {
    return requireSecretsKeys(stores.events, new AesGcmCipher(newKey)).then(() => undefined, (error: unknown) => error);
  }

  it('given the old instance\'s secret written after the reseal\'s scan and before its record, then the record names the old key again and the report says it is still needed', async () => {
    const racing = withWorkBeforeAppend(
      stores.events,
      (_streamId, events) => events.some((event) => event.type === 'SecretsResealed'),
      async () => {
        await setLivePin();
      },
    );

    const report = await servicesWith(racing, new AesGcmCipher(newKey, [oldKey]), clock).reseal.run({ dryRun: false });

    expect(report.resealed.map((secret) => secret.environment)).to.deep.equal(['test']);
    expect(report.onlySealingKeyNeeded).to.equal(false);
    const refused = await refusalWithNewKeyAlone();
    expect(refused).to.be.instanceOf(UnknownSecretsKeyError);
    expect((refused as UnknownSecretsKeyError).missing).to.deep.equal([oldId]);
    const again = await resealWithNewKey();
    expect(again.resealed.map((secret) => secret.environment)).to.deep.equal(['live']);
    expect(again.onlySealingKeyNeeded).to.equal(true);
    expect(await refusalWithNewKeyAlone()).to.equal(undefined);
  });

  it('given the whole reseal run between the old instance\'s record of its key and its write, then its write records the old key again', async () => {
    let report: ResealReport | undefined;
    const racing = withWorkBeforeAppend(
      stores.events,
      (streamId) => streamId === softwareIdentityStreamId(tenantId, 'live'),
      async () => {
        report = await resealWithNewKey();
      },
    );

    await setLivePin(racing);

    expect(report?.onlySealingKeyNeeded).to.equal(true);
    const refused = await refusalWithNewKeyAlone();
    expect(refused).to.be.instanceOf(UnknownSecretsKeyError);
    expect((refused as UnknownSecretsKeyError).missing).to.deep.equal([oldId]);
  });
});
