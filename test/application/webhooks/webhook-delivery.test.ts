import { expect } from 'chai';
import { signatureOf } from '../../../application/webhooks/webhook-signature.ts';
import { webhookEventId } from '../../../application/webhooks/webhook-event.ts';
import { FixedClock, openTempStores, type TempStores } from '../../support/fixtures.ts';
import { answered } from '../../support/webhooks/fake-webhook-transport.ts';
import { testSecret } from '../../support/webhooks/in-memory-webhook-directory.ts';
import { TENANT, webhookStack, type WebhookStack } from './webhook-delivery-fixtures.ts';

const T0 = '2026-03-01T12:00:00.000Z';
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const URL_A = 'https://hooks.example.com/a';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const unix = (ms: number) => String(Math.floor((Date.parse(T0) + ms) / 1000));

describe('webhook delivery', () => {
  let stores: TempStores;
  let clock: FixedClock;
  let stack: WebhookStack;

  beforeEach(async () => {
    stores = openTempStores();
    clock = new FixedClock(T0);
    stack = webhookStack(stores, clock);
    stack.directory.add({ id: 'whe_a', tenantId: TENANT, url: URL_A });
    await stack.start();
  });
  afterEach(async () => {
    await stack.stop();
    await stores.dispose();
  });

  it('given a document created, sent and validated, then three POSTs in that order, signed with the Standard Webhooks scheme; a wrong secret does not verify', async () => {
    const events = [await stack.record('doc-1', 'created'), await stack.record('doc-1', 'sent'), await stack.record('doc-1', 'validated')];
    await stack.settle();

    const sent = stack.transport.to(URL_A);
    expect(sent.map((request) => request.payload.type)).to.deep.equal(['document.created', 'document.sent', 'document.validated']);
    expect(sent.map((request) => request.headers['webhook-id'])).to.deep.equal(events.map((event) => webhookEventId(event.id)));
    for (const request of sent) {
      const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = request.headers;
      expect(request.headers).to.include({ 'content-type': 'application/json', 'webhook-timestamp': unix(0) });
      expect(request.headers['user-agent']).to.be.a('string').and.not.equal('');
      expect(signature).to.equal(signatureOf(testSecret('whe_a'), id, Number(timestamp), request.body));
      expect(signature).to.not.equal(signatureOf(testSecret('someone else'), id, Number(timestamp), request.body));
      expect(request.timeoutMs).to.equal(10_000);
    }
    expect(sent[0].payload).to.deep.equal({
      id: webhookEventId(events[0].id),
      type: 'document.created',
      created_at: events[0].createdAt.toISOString(),
      environment: 'test',
      data: { family: 'sales-invoice', object: { id: 'doc-1', status: 'created', links: { self: '/v1/things/doc-1' }, revision: '0' } },
    });
    const log = await stack.log('whe_a');
    expect(log.map((row) => [row.event.type, row.status, row.reason, row.attempts.length])).to.deep.equal([
      ['document.validated', 'succeeded', 'event', 1],
      ['document.sent', 'succeeded', 'event', 1],
      ['document.created', 'succeeded', 'event', 1],
    ]);
    expect(log[2].attempts[0]).to.deep.equal({ attempt: 1, at: at(0), status: 200, durationMs: 7, excerpt: 'ok', error: null });
    expect(stack.directory.successes).to.have.length(3);
  });

  it('given an earlier event being retried, then later events of that document wait, and other documents are not held', async () => {
    let failedOnce = false;
    stack.transport.answer = (request) => {
      if (request.payload.data.object.id === 'doc-1' && !failedOnce) {
        failedOnce = true;
        return answered(500, 'not now');
      }
      return answered(204);
    };
    for (const what of ['created', 'sent', 'validated'] as const) {
      await stack.record('doc-1', what);
      await stack.record('doc-2', what);
    }
    await stack.settle();
    const of = (doc: string) => stack.transport.sent.filter((request) => request.payload.data.object.id === doc).map((request) => request.payload.type);
    expect(of('doc-2')).to.deep.equal(['document.created', 'document.sent', 'document.validated']);
    expect(of('doc-1'), 'the later events of doc-1 wait behind its first').to.deep.equal(['document.created']);

    clock.advance(5 * SECOND - 1);
    await stack.tick();
    expect(of('doc-1')).to.have.length(1);
    clock.advance(1);
    await stack.tick();
    expect(of('doc-1')).to.deep.equal(['document.created', 'document.created', 'document.sent', 'document.validated']);
    const attempts = stack.transport.sent.filter((request) => request.payload.data.object.id === 'doc-1').slice(0, 2);
    expect(attempts[0].headers['webhook-id'], 'the same webhook-id on each attempt').to.equal(attempts[1].headers['webhook-id']);
    expect(attempts.map((request) => request.headers['webhook-timestamp'])).to.deep.equal([unix(0), unix(5 * SECOND)]);
    expect(attempts[0].body).to.equal(attempts[1].body);
  });

  it('given an endpoint that keeps failing, then attempts at 0, +5 s, +5 min, +30 min, +2 h, +5 h, +10 h, +10 h (none early), then failed', async () => {
    stack.transport.answer = () => answered(503, 'down');
    await stack.record('doc-1', 'created');
    await stack.settle();
    const delays = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
    let elapsed = 0;
    const expected = [at(0)];
    for (const delay of delays) {
      clock.advance(delay - 1);
      await stack.tick();
      expect(stack.transport.sent, `nothing before ${at(elapsed + delay)}`).to.have.length(expected.length);
      clock.advance(1);
      await stack.tick();
      elapsed += delay;
      expected.push(at(elapsed));
      expect(stack.transport.sent.map((request) => request.at)).to.deep.equal(expected);
    }
    const [row] = await stack.log('whe_a');
    expect(row).to.deep.include({ status: 'failed', failure: { code: 'attempts_exhausted', detail: 'all 8 attempts failed' }, nextAttemptAt: null });
    expect(row.attempts.map((attempt) => attempt.status)).to.deep.equal(Array(8).fill(503));
    expect(new Set(stack.transport.sent.map((request) => request.headers['webhook-id'])).size).to.equal(1);
    expect(stack.directory.failures.map((failure) => failure.gone)).to.deep.equal(Array(8).fill(false));

    clock.advance(48 * HOUR);
    await stack.tick();
    expect(stack.transport.sent, 'a failed delivery is never attempted again').to.have.length(8);
  });

  it('given 410 Gone, then the delivery fails at once, the directory disables the endpoint, and what waited behind it is not sent', async () => {
    stack.transport.answer = () => answered(410, 'gone');
    await stack.record('doc-1', 'created');
    await stack.record('doc-1', 'sent');
    await stack.settle();
    expect(stack.transport.sent).to.have.length(1);
    expect(stack.directory.failures).to.deep.equal([{ endpointId: 'whe_a', at: at(0), gone: true }]);
    expect(stack.directory.endpoint('whe_a')).to.include({ disabled: true, disabledReason: 'gone' });
    const log = await stack.log('whe_a');
    expect(log.map((row) => [row.event.type, row.status, row.failure?.code])).to.deep.equal([
      ['document.sent', 'failed', 'endpoint_disabled'],
      ['document.created', 'failed', 'gone'],
    ]);
    clock.advance(HOUR);
    await stack.record('doc-2', 'created');
    await stack.tick();
    expect(stack.transport.sent, 'nothing more reaches it').to.have.length(1);
  });

  it('given the endpoint deleted while a delivery waits for its retry, then the delivery fails (endpoint_deleted) without a POST', async () => {
    stack.transport.answer = () => answered(500);
    await stack.record('doc-1', 'created');
    await stack.settle();
    stack.directory.delete('whe_a');
    clock.advance(5 * SECOND);
    await stack.tick();
    expect(stack.transport.sent).to.have.length(1);
    const [row] = await stack.log('whe_a');
    expect(row).to.deep.include({ status: 'failed', failure: { code: 'endpoint_deleted', detail: 'not sent: the endpoint is deleted' } });
  });

  it('given an attempt whose worker vanished after recording its intent, then the scheduler records it interrupted when the lease ends, and retries it', async () => {
    const [queued] = await stack.module.queues.queue('whe_a', 'test', [testEvent()], { tenantId: TENANT, environment: 'test', actor: 'test', correlationId: 'c' });
    const { webhookQueueDecider } = await import('../../../domain/webhooks/webhook-queue-decider.ts');
    await stack.aggregates.handle(queued.queueStreamId, webhookQueueDecider, { type: 'StartAttempt', leaseMs: 30 * SECOND, endpoint: 'active', now: clock.now() }, { tenantId: TENANT, environment: 'test', actor: 'crashed', correlationId: 'c' });
    await stack.settle();
    clock.advance(30 * SECOND - 1);
    await stack.tick();
    expect(stack.transport.sent).to.have.length(0);
    clock.advance(1);
    await stack.tick();
    const [row] = await stack.log('whe_a');
    expect(row.attempts[0]).to.include({ attempt: 1, status: null });
    expect(row.attempts[0].error).to.match(/^interrupted/);
    expect(row.nextAttemptAt).to.equal(at(35 * SECOND));
    clock.advance(5 * SECOND);
    await stack.tick();
    expect(stack.transport.sent.map((request) => request.payload.type)).to.deep.equal(['webhook.test']);
    expect((await stack.log('whe_a'))[0]).to.deep.include({ status: 'succeeded' });
  });

  it('given a payload that cannot be built, then the attempt is recorded failed with why, nothing is sent, and it does not count against the endpoint', async () => {
    stack.objects.failure = new Error('the event store is unavailable');
    await stack.record('doc-1', 'created');
    await stack.settle();
    expect(stack.transport.sent).to.have.length(0);
    const [row] = await stack.log('whe_a');
    expect(row.attempts).to.deep.equal([{ attempt: 1, at: at(0), status: null, durationMs: 0, excerpt: null, error: 'not sent: the event store is unavailable' }]);
    expect(row.nextAttemptAt).to.equal(at(5 * SECOND));
    expect(stack.directory.failures).to.deep.equal([]);
    stack.objects.failure = null;
    clock.advance(5 * SECOND);
    await stack.tick();
    expect(stack.transport.sent).to.have.length(1);
  });

  it('given the dispatcher handles an event again (a crash before its checkpoint), then nothing is queued twice', async () => {
    const created = await stack.record('doc-1', 'created');
    await stack.settle();
    const dispatcher = stack.module.runners.find((runner) => runner.handler.name === 'webhook-dispatch')!.handler;
    await dispatcher.handle(created);
    await stack.settle();
    expect(stack.transport.sent).to.have.length(1);
    expect(await stack.log('whe_a')).to.have.length(1);
  });

  it("given another company's endpoint, then it never receives this company's events; each company's endpoint gets its own", async () => {
    stack.directory.add({ id: 'whe_other', tenantId: 'tenant-2', url: 'https://other.example.com/hook' });
    await stack.record('doc-1', 'created');
    await stack.record('doc-9', 'created', 'tenant-2');
    await stack.settle();
    expect(stack.transport.to(URL_A).map((request) => request.payload.data.object.id)).to.deep.equal(['doc-1']);
    expect(stack.transport.to('https://other.example.com/hook').map((request) => request.payload.data.object.id)).to.deep.equal(['doc-9']);
  });

  it('given an endpoint subscribed to some types only, then only those are queued to it', async () => {
    stack.directory.add({ id: 'whe_v', tenantId: TENANT, url: 'https://v.example.com/', events: ['document.validated'] });
    await stack.record('doc-1', 'created');
    await stack.record('doc-1', 'validated');
    await stack.settle();
    expect(stack.transport.to('https://v.example.com/').map((request) => request.payload.type)).to.deep.equal(['document.validated']);
  });
});

function testEvent() {
  return { id: 'evt_test1', type: 'webhook.test' as const, tenantId: TENANT, environment: 'test', createdAt: T0, subject: 'evt_test1', object: { id: 'whe_a' } };
}
