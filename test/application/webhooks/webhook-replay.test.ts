import { expect } from 'chai';
import type { RecordedEvent } from '../../../application/ports/event-store.ts';
import { webhookEventId } from '../../../application/webhooks/webhook-event.ts';
import { MAX_REPLAY_EVENTS, ReplayWebhookEvents } from '../../../application/webhooks/replay-webhook-events.ts';
import { WEBHOOK_EVENTS_COLLECTION } from '../../../application/webhooks/webhook-event-row.ts';
import { FixedClock, openTempStores, type TempStores } from '../../support/fixtures.ts';
import { answered } from '../../support/webhooks/fake-webhook-transport.ts';
import { TENANT, webhookStack, type WebhookStack } from './webhook-delivery-fixtures.ts';

const URL_A = 'https://hooks.example.com/a';
const context = { tenantId: TENANT, environment: 'test', actor: 'key-1', correlationId: 'req-1' };
/** Log events get the store's own time: a few milliseconds apart, each has a time of its own. */
const apart = () => new Promise((resolve) => setTimeout(resolve, 3));

describe('webhook replay, retry and test deliveries', () => {
  let stores: TempStores;
  let clock: FixedClock;
  let stack: WebhookStack;

  beforeEach(async () => {
    stores = openTempStores();
    clock = new FixedClock('2026-03-01T12:00:00.000Z');
    stack = webhookStack(stores, clock);
    await stack.start();
  });
  afterEach(async () => {
    await stack.stop();
    await stores.dispose();
  });

  /** Six events of three documents, a few milliseconds apart, before any endpoint exists. */
  async function history(): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for (const [doc, what] of [['doc-1', 'created'], ['doc-2', 'created'], ['doc-1', 'sent'], ['doc-3', 'created'], ['doc-1', 'validated'], ['doc-2', 'sent']] as const) {
      events.push(await stack.record(doc, what));
      await apart();
    }
    await stack.settle();
    return events;
  }

  it('given a window [since, until), then exactly the notifications created in it are re-sent, in log order, with their own webhook-ids, reason replay', async () => {
    const events = await history();
    const endpoint = stack.directory.add({ id: 'whe_a', tenantId: TENANT, url: URL_A }, { since: events.at(-1)!.position });
    const result = await stack.module.replayEvents.execute(endpoint, { since: events[1].createdAt, until: events[4].createdAt }, context);
    expect(result).to.deep.equal({ kind: 'queued', count: 3 });
    const expected = events.slice(1, 4).map((event) => webhookEventId(event.id));
    const queued = await stores.events.readAll({ maxCount: 100, filter: { eventTypes: ['WebhookDeliveryQueued'] } });
    expect(queued.map((event) => (event.data.notification as { id: string }).id), 'queued in log order').to.deep.equal(expected);
    await stack.tick();
    expect(stack.transport.sent.map((request) => request.headers['webhook-id']).sort()).to.deep.equal([...expected].sort());
    const log = await stack.log('whe_a');
    expect(log.map((row) => row.reason)).to.deep.equal(['replay', 'replay', 'replay']);
  });

  it('given no until, then everything since; given types, only those; by default what the endpoint subscribes to', async () => {
    const events = await history();
    const all = stack.directory.add({ id: 'whe_all', tenantId: TENANT, url: URL_A });
    expect(await stack.module.replayEvents.execute(all, { since: events[2].createdAt }, context)).to.deep.equal({ kind: 'queued', count: 4 });
    expect(await stack.module.replayEvents.execute(all, { since: events[0].createdAt, types: ['document.sent'] }, context)).to.deep.equal({ kind: 'queued', count: 2 });
    const created = stack.directory.add({ id: 'whe_created', tenantId: TENANT, url: 'https://c.example.com/', events: ['document.created'] });
    expect(await stack.module.replayEvents.execute(created, { since: events[0].createdAt }, context)).to.deep.equal({ kind: 'queued', count: 3 });
    await stack.tick();
    expect(stack.transport.to('https://c.example.com/').map((request) => request.payload.type)).to.deep.equal(['document.created', 'document.created', 'document.created']);
  });

  it("given another company's events in the window, then they are not replayed", async () => {
    const events = await history();
    await stack.record('doc-x', 'created', 'tenant-2');
    await stack.settle();
    const endpoint = stack.directory.add({ id: 'whe_a', tenantId: TENANT, url: URL_A });
    expect(await stack.module.replayEvents.execute(endpoint, { since: events[0].createdAt }, context)).to.deep.equal({ kind: 'queued', count: 6 });
  });

  it('given a window holding more than the cap, then nothing is queued and the answer names the cap', async () => {
    const events = await history();
    const endpoint = stack.directory.add({ id: 'whe_a', tenantId: TENANT, url: URL_A });
    const capped = new ReplayWebhookEvents(stores.readModels.collection(WEBHOOK_EVENTS_COLLECTION), stack.module.queues, 5);
    expect(await capped.execute(endpoint, { since: events[0].createdAt }, context)).to.deep.equal({ kind: 'too_many', limit: 5 });
    expect(await capped.execute(endpoint, { since: events[1].createdAt }, context)).to.deep.equal({ kind: 'queued', count: 5 });
    expect(MAX_REPLAY_EVENTS).to.equal(10_000);
  });

  it('given a finished delivery, when retried, then one more delivery of the same event (same webhook-id); a pending one is not retried', async () => {
    stack.directory.add({ id: 'whe_a', tenantId: TENANT, url: URL_A });
    stack.transport.answer = () => answered(500);
    await stack.record('doc-1', 'created');
    await stack.settle();
    const endpoint = stack.directory.endpoint('whe_a');
    const [pending] = await stack.log('whe_a');
    expect(await stack.module.retryDelivery.execute(endpoint, pending.id, context)).to.deep.equal({ kind: 'pending', nextAttemptAt: '2026-03-01T12:00:05.000Z' });
    expect(await stack.module.retryDelivery.execute(endpoint, 'whd_nope', context)).to.deep.equal({ kind: 'not_found' });
    const other = stack.directory.add({ id: 'whe_b', tenantId: TENANT, url: 'https://b.example.com/' });
    expect(await stack.module.retryDelivery.execute(other, pending.id, context), "another endpoint's delivery").to.deep.equal({ kind: 'not_found' });

    stack.transport.answer = () => answered(200);
    clock.advance(5_000);
    await stack.tick();
    const retried = await stack.module.retryDelivery.execute(endpoint, pending.id, context);
    expect(retried.kind).to.equal('queued');
    await stack.tick();
    const sent = stack.transport.to(URL_A);
    expect(sent).to.have.length(3);
    expect(new Set(sent.map((request) => request.headers['webhook-id'])).size).to.equal(1);
    const log = await stack.log('whe_a');
    expect(log.map((row) => [row.reason, row.status])).to.deep.equal([['retry', 'succeeded'], ['event', 'succeeded']]);
  });

  it('given a test, then a webhook.test notification with its object inline, in a queue of its own, whatever the endpoint subscribes to', async () => {
    const endpoint = stack.directory.add({ id: 'whe_a', tenantId: TENANT, url: URL_A, events: ['message.sent'], description: 'ERP' });
    const queued = await stack.module.sendTest.execute(endpoint, context);
    expect(queued.deliveryId).to.match(/^whd_[0-9a-f]{32}$/);
    await stack.tick();
    const [request] = stack.transport.sent;
    expect(request.payload).to.deep.include({ type: 'webhook.test', created_at: '2026-03-01T12:00:00.000Z', environment: 'test' });
    expect(request.payload.id).to.equal(queued.event.id).and.match(/^evt_[0-9a-f]{32}$/);
    expect(request.payload.data).to.deep.equal({ object: { id: 'whe_a', object: 'webhook_endpoint', url: URL_A, description: 'ERP' } });
    expect(stack.objects.asked, 'a test object needs nothing from the log').to.deep.equal([]);
  });
});
