import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { WebhookEndpointRegistries } from '../../../application/webhooks/webhook-endpoint-registries.ts';
import { WebhookEndpointRegistryDirectory } from '../../../application/webhooks/webhook-endpoint-registry-directory.ts';
import { webhookEndpointsStreamId } from '../../../application/webhooks/webhook-endpoint-stream.ts';
import { WebhookEndpointUseCases } from '../../../application/webhooks/webhook-endpoint-use-cases.ts';
import { WebhookSecrets } from '../../../application/webhooks/webhook-secrets.ts';
import { AesGcmCipher } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
import { contextFor, FixedClock, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';

const HOUR = 3_600_000;

describe('WebhookEndpointRegistryDirectory: the endpoints as delivery sees them', () => {
  let stores: TempStores;
  let clock: FixedClock;
  let useCases: WebhookEndpointUseCases;
  let directory: WebhookEndpointRegistryDirectory;
  const live = contextFor('t-1', 'live');

  /** Some other event of the log (a document's), answering its position. */
  const somethingHappens = async () => (await stores.events.append(`salesInvoice-${randomBytes(4).toString('hex')}`, [{ type: 'DocumentCreated', data: {}, metadata: {} }], 'no_stream')).position;
  const registryEvents = async () => (await stores.events.readStream(webhookEndpointsStreamId('t-1', 'live'))).map((event) => event.type);
  const create = async (events: string[]) => (await useCases.create({ url: 'https://hooks.example.com/', events }, live)).endpoint.id;

  beforeEach(() => {
    stores = openTempStores();
    clock = new FixedClock('2026-03-01T12:00:00.000Z');
    const ids = new SequentialIds();
    const registries = new WebhookEndpointRegistries(new AggregateStore(stores.events), stores.events);
    const secrets = new WebhookSecrets(new AesGcmCipher(randomBytes(32)), stores.events, ids, clock);
    useCases = new WebhookEndpointUseCases(registries, secrets, { refusal: async () => null }, clock, ids);
    directory = new WebhookEndpointRegistryDirectory(registries, secrets);
  });
  afterEach(() => stores.dispose());

  it('subscribersAt gives the enabled endpoints taking the type as they stood when the event at that position happened', async () => {
    const validated = await create(['document.validated']);
    const beforeEverything = await somethingHappens();
    const all = await create(['*']);
    await useCases.update(validated, { disabled: true }, live);
    const afterDisabling = await somethingHappens();
    await useCases.remove(all, live);
    await useCases.update(validated, { disabled: false }, live);

    const ids = async (type: string, position: bigint) => (await directory.subscribersAt('t-1', 'live', type, position)).map((endpoint) => endpoint.id);
    expect(await ids('document.validated', beforeEverything)).to.deep.equal([validated]);
    expect(await ids('message.sent', beforeEverything)).to.deep.equal([]);
    expect(await ids('document.validated', afterDisabling)).to.deep.equal([all]);
    expect(await ids('document.validated', await somethingHappens())).to.deep.equal([validated]);
    expect(await directory.subscribersAt('t-2', 'live', 'document.validated', await somethingHappens())).to.deep.equal([]);
    expect(await directory.subscribersAt('t-1', 'test', 'document.validated', await somethingHappens())).to.deep.equal([]);
  });

  it('find answers the endpoint now, undefined once deleted or for another company', async () => {
    const id = await create(['*']);

    expect((await directory.find('t-1', 'live', id))?.url).to.equal('https://hooks.example.com/');
    expect(await directory.find('t-2', 'live', id)).to.equal(undefined);
    await useCases.remove(id, live);
    expect(await directory.find('t-1', 'live', id)).to.equal(undefined);
  });

  it('signingSecrets opens the secrets: the new one first, the replaced one beside it for 24 hours after the rotation', async () => {
    const created = await useCases.create({ url: 'https://hooks.example.com/', events: ['*'] }, live);
    const id = created.endpoint.id;
    expect(await directory.signingSecrets('t-1', 'live', id, clock.now())).to.deep.equal([created.secret]);

    clock.advance(HOUR);
    const rotated = await useCases.rotateSecret(id, live);
    expect(await directory.signingSecrets('t-1', 'live', id, new Date(clock.now().getTime() + 24 * HOUR - 1))).to.deep.equal([rotated.secret, created.secret]);
    expect(await directory.signingSecrets('t-1', 'live', id, new Date(clock.now().getTime() + 24 * HOUR))).to.deep.equal([rotated.secret]);
    expect(await directory.signingSecrets('t-1', 'live', 'we_gone', clock.now())).to.deep.equal([]);
  });

  it('failures: the first marks failing, the next write nothing, 3 days of them disable; a success writes only when failing', async () => {
    const id = await create(['*']);
    const t0 = clock.now().getTime();
    await directory.recordSuccess('t-1', 'live', id, new Date(t0));
    expect(await registryEvents()).to.deep.equal(['WebhookEndpointCreated']);

    await directory.recordFailure('t-1', 'live', id, new Date(t0 + HOUR), false);
    await directory.recordFailure('t-1', 'live', id, new Date(t0 + 2 * HOUR), false);
    expect((await directory.find('t-1', 'live', id))?.failingSince).to.equal(new Date(t0 + HOUR).toISOString());
    await directory.recordSuccess('t-1', 'live', id, new Date(t0 + 3 * HOUR));
    await directory.recordFailure('t-1', 'live', id, new Date(t0 + 4 * HOUR), false);
    await directory.recordFailure('t-1', 'live', id, new Date(t0 + 76 * HOUR), false);

    expect(await registryEvents()).to.deep.equal(['WebhookEndpointCreated', 'WebhookEndpointFailing', 'WebhookEndpointRecovered', 'WebhookEndpointFailing', 'WebhookEndpointDisabled']);
    expect(await directory.find('t-1', 'live', id)).to.deep.include({ disabled: true, disabledReason: 'failing' });
  });

  it('410 Gone disables at once', async () => {
    const id = await create(['*']);
    await directory.recordFailure('t-1', 'live', id, clock.now(), true);
    expect(await directory.find('t-1', 'live', id)).to.deep.include({ disabled: true, disabledReason: 'gone' });
  });

  it('many outcomes at once (racing writers) record the first failure exactly once', async () => {
    const id = await create(['*']);
    await Promise.all(Array.from({ length: 20 }, () => directory.recordFailure('t-1', 'live', id, clock.now(), false)));
    expect(await registryEvents()).to.deep.equal(['WebhookEndpointCreated', 'WebhookEndpointFailing']);
  });
});
