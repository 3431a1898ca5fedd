import { expect } from 'chai';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { DeliverWebhook } from '../../../application/webhooks/deliver-webhook.ts';
import { eventually, FixedClock, gate, openTempStores, SequentialIds, silentLogger, type TempStores } from '../../support/fixtures.ts';
import { FakeWebhookObjects } from '../../support/webhooks/fake-webhook-objects.ts';
import { answered, FakeWebhookTransport } from '../../support/webhooks/fake-webhook-transport.ts';
import { InMemoryWebhookDirectory } from '../../support/webhooks/in-memory-webhook-directory.ts';
import { TENANT, webhookStack, type WebhookStack } from './webhook-delivery-fixtures.ts';

const T0 = '2026-03-01T12:00:00.000Z';
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const URL_A = 'https://hooks.example.com/a';

describe('webhook delivery: durable across restarts, once across racing instances', () => {
  let stores: TempStores;
  let clock: FixedClock;
  let directory: InMemoryWebhookDirectory;
  let transport: FakeWebhookTransport;
  let ids: SequentialIds;
  const stacks: WebhookStack[] = [];

  /** An instance over the stores (a new handle on the same files after the first): same directory, same receiver. */
  const instance = async (over: { events: TempStores['events']; readModels: TempStores['readModels'] } = stores) => {
    const stack = webhookStack(over, clock, { directory, transport, ids });
    stacks.push(stack);
    await stack.start();
    return stack;
  };

  beforeEach(() => {
    stores = openTempStores();
    clock = new FixedClock(T0);
    directory = new InMemoryWebhookDirectory();
    directory.add({ id: 'whe_a', tenantId: TENANT, url: URL_A });
    transport = new FakeWebhookTransport(clock);
    ids = new SequentialIds();
  });
  afterEach(async () => {
    for (const stack of stacks.splice(0)) await stack.stop();
    await stores.dispose();
  });

  it('given the receiver down and the service restarted meanwhile, then every event arrives once it is back, in order per document, each with one webhook-id', async () => {
    let down = true;
    transport.answer = () => (down ? { kind: 'unreachable', error: 'connect ECONNREFUSED', durationMs: 1 } : answered(200));
    const first = await instance();
    for (const doc of ['doc-1', 'doc-2', 'doc-3']) for (const what of ['created', 'sent', 'validated'] as const) await first.record(doc, what);
    await first.settle();
    clock.advance(5 * SECOND);
    await first.tick();
    expect(transport.sent.length, 'each document: its first event, attempted twice').to.equal(6);
    await first.stop();
    stacks.splice(0);

    clock.advance(4 * MINUTE);
    down = false;
    const second = await instance(stores.reopen());
    expect(await second.tick(), 'nothing is due before the third attempt').to.equal(0);
    clock.advance(MINUTE);
    await second.tick();

    const delivered = transport.sent.filter((_, index) => index >= 6);
    for (const doc of ['doc-1', 'doc-2', 'doc-3']) {
      const types = delivered.filter((request) => request.payload.data.object.id === doc).map((request) => request.payload.type);
      expect(types, doc).to.deep.equal(['document.created', 'document.sent', 'document.validated']);
    }
    const attemptsPerId = new Map<string, number>();
    for (const request of transport.sent) attemptsPerId.set(request.headers['webhook-id'], (attemptsPerId.get(request.headers['webhook-id']) ?? 0) + 1);
    expect([...attemptsPerId.values()].sort()).to.deep.equal([1, 1, 1, 1, 1, 1, 3, 3, 3]);
    const log = await second.log('whe_a');
    expect(log.every((row) => row.status === 'succeeded')).to.equal(true);
  });

  it('given two instances attempting the same due queue at once, then it is sent once', async () => {
    const first = await instance();
    const [queued] = await first.module.queues.queue('whe_a', 'test', [{ id: 'evt_t', type: 'webhook.test', tenantId: TENANT, environment: 'test', createdAt: T0, subject: 'evt_t', object: { id: 'whe_a' } }], {
      tenantId: TENANT,
      environment: 'test',
      actor: 'test',
      correlationId: 'c',
    });
    const held = gate();
    transport.answer = async () => {
      await held.promise;
      return answered(200);
    };
    const other = stores.reopen();
    const racer = new DeliverWebhook(new AggregateStore(other.events), directory, new FakeWebhookObjects(), transport, clock, silentLogger);
    const attempts = Promise.all([first.module.deliver.attempt(queued.queueStreamId), racer.attempt(queued.queueStreamId)]);
    await eventually(() => transport.sent.length === 1);
    held.open();
    const sent = await attempts;
    expect(sent.sort()).to.deep.equal([0, 1]);
    expect(transport.sent).to.have.length(1);
    const types = (await stores.events.readStream(queued.queueStreamId)).map((event) => event.type);
    expect(types).to.deep.equal(['WebhookDeliveryQueued', 'WebhookAttemptStarted', 'WebhookAttemptSucceeded']);
  });
});
