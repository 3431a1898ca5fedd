import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { verifyWebhook, WebhookVerificationError } from '../../../clients/typescript/webhooks.ts';
import type { Scope } from '../../../domain/tenancy/scopes.ts';
import { createInvoice } from '../../support/api-test-helpers.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { http } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { WebhookReceiver, type ReceivedDelivery } from '../../support/webhooks/webhook-receiver.ts';

const SCOPES: Scope[] = ['invoices:read', 'invoices:write', 'webhooks:read', 'webhooks:write'];
const LIFECYCLE = ['document.created', 'document.sent', 'document.validated'];
const WRONG_SECRET = 'whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVoxMjM0NTY=';

/**
 * Issue 16's "must show", end to end: endpoints created over the API, the real registry, objects read from the log,
 * signed POSTs over HTTP to a receiver on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE=true), verified with the reference
 * client's verifyWebhook. The clock is injected: retries minutes apart are steps of it, not waits.
 */
describe('Webhooks end to end (API, registry, delivery over HTTP, verifyWebhook)', function () {
  this.timeout(300_000);
  let clock: FixedClock;
  let app: TestApp | undefined;
  const receivers: WebhookReceiver[] = [];
  const dataDirs: string[] = [];

  const open = (env: Record<string, string> = {}, dataDir?: string) =>
    startTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', ...env }, { clock, dataDir, webhooks: { schedulerIntervalMs: 3_600_000 } });
  const receiver = async (options = {}) => {
    const started = await new WebhookReceiver(options).start();
    receivers.push(started);
    return started;
  };
  async function createEndpoint(tenant: TestTenant, url: string, events: string[] = LIFECYCLE) {
    const answer = await http(app!.baseUrl, 'POST', '/v1/webhook-endpoints', { key: tenant.key, body: { url, events } });
    expect(answer.status, answer.text).to.equal(201);
    return answer.body as { id: string; secret: string };
  }
  /** Runs what is due now: the dispatcher's first attempts, then the scheduler's retries, until nothing moves. */
  async function deliverDue(): Promise<void> {
    const webhooks = app!.container.webhookDelivery;
    for (let round = 0; round < 3; round += 1) {
      await app!.settle();
      await webhooks.scheduler.tick();
      await webhooks.pool.idle();
    }
    await app!.settle();
  }
  /** Steps the clock through the retry schedule (5 s, 5 min, 30 min, …) until `done`. */
  async function retryUntil(done: () => boolean, steps = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000]): Promise<void> {
    await deliverDue();
    for (const step of steps) {
      if (done()) return;
      clock.advance(step);
      await deliverDue();
    }
  }
  const verified = (secret: string, delivery: ReceivedDelivery) =>
    verifyWebhook(secret, delivery.headers, delivery.body, { now: () => new Date(Number(delivery.timestamp) * 1000) });
  /** The event types each document received and accepted, in arrival order. */
  function typesByDocument(deliveries: ReturnType<WebhookReceiver['accepted']>): Map<string, string[]> {
    const byDocument = new Map<string, string[]>();
    for (const payload of deliveries) {
      const id = String(payload.data.object.id);
      byDocument.set(id, [...(byDocument.get(id) ?? []), payload.type]);
    }
    return byDocument;
  }

  beforeEach(() => {
    clock = new FixedClock('2026-11-24T15:00:00.000Z');
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    for (const started of receivers.splice(0)) await started.stop();
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('given 100 invoices, then each one’s created, sent and validated arrive in that order, every delivery verifies with the secret and none with another', async () => {
    app = await open();
    const hook = await receiver();
    const tenant = await app.createTenant({ scopes: SCOPES });
    const { secret } = await createEndpoint(tenant, hook.url);
    const invoices: string[] = [];
    for (let n = 0; n < 100; n += 1) invoices.push((await createInvoice(app, tenant.key)).id);
    await retryUntil(() => hook.accepted().length === 300);

    expect(hook.deliveries).to.have.length(300);
    for (const delivery of hook.deliveries) {
      const payload = verified(secret, delivery);
      expect(payload.id).to.equal(delivery.id);
      expect(() => verified(WRONG_SECRET, delivery)).to.throw(WebhookVerificationError, /signature/);
    }
    const byDocument = typesByDocument(hook.accepted());
    expect([...byDocument.keys()].sort()).to.deep.equal([...invoices].sort());
    for (const id of invoices) expect(byDocument.get(id), id).to.deep.equal(LIFECYCLE);

    // data.object is the invoice as its GET shows it after the event: after document.validated, the GET of now.
    const validated = hook.accepted().find((payload) => payload.type === 'document.validated' && payload.data.object.id === invoices[0])!;
    const { emails: _emails, ...current } = (await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${invoices[0]}`, { key: tenant.key })).body;
    expect(validated.data.object).to.deep.equal(current);
    expect(validated.data.family).to.equal('sales-invoice');
    expect(validated.environment).to.equal('test');
  });

  it('given a receiver that answers 500 to the first two attempts of every event, then every event still arrives, each attempt under the same webhook-id with the same body', async () => {
    app = await open();
    const hook = await receiver({ failFirst: 2 });
    const tenant = await app.createTenant({ scopes: SCOPES });
    const { id: endpointId, secret } = await createEndpoint(tenant, hook.url);
    const invoices: string[] = [];
    for (let n = 0; n < 20; n += 1) invoices.push((await createInvoice(app, tenant.key)).id);
    // Each event waits 5 s, then 5 min; an invoice's next event waits behind it.
    await retryUntil(() => hook.accepted().length === 60, Array.from({ length: 4 }, () => [5_000, 5 * 60_000]).flat());

    const byDocument = typesByDocument(hook.accepted());
    for (const id of invoices) expect(byDocument.get(id), id).to.deep.equal(LIFECYCLE);
    const attempts = new Map<string, ReceivedDelivery[]>();
    for (const delivery of hook.deliveries) attempts.set(delivery.id, [...(attempts.get(delivery.id) ?? []), delivery]);
    expect(attempts.size).to.equal(60);
    for (const [id, tries] of attempts) {
      expect(tries.map((attempt) => attempt.answered), id).to.deep.equal([500, 500, 204]);
      expect(new Set(tries.map((attempt) => attempt.body)).size, `${id}: one body`).to.equal(1);
      for (const attempt of tries) expect(verified(secret, attempt).id).to.equal(id);
    }
    // The delivery log shows the attempts of one delivery: two 500s, then the 204.
    const log = await http(app.baseUrl, 'GET', `/v1/webhook-endpoints/${endpointId}/deliveries?limit=1`, { key: tenant.key });
    expect(log.status, log.text).to.equal(200);
    const [latest] = log.body.data as Array<{ status: string; attempts: Array<{ status: number }> }>;
    expect(latest.status).to.equal('succeeded');
    expect(latest.attempts.map((attempt) => attempt.status)).to.deep.equal([500, 500, 204]);
  });

  it('given the receiver down and the service restarted meanwhile, then every event arrives after it comes back, in order per invoice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'webhooks-restart-'));
    dataDirs.push(dataDir);
    app = await open({}, dataDir);
    const hook = await receiver();
    const tenant = await app.createTenant({ scopes: SCOPES });
    const { secret } = await createEndpoint(tenant, hook.url);
    await hook.stop();
    const invoices: string[] = [];
    for (let n = 0; n < 10; n += 1) invoices.push((await createInvoice(app, tenant.key)).id);
    await retryUntil(() => false, [5_000, 5 * 60_000]);
    expect(hook.deliveries).to.have.length(0);
    await app.close();

    clock.advance(20 * 60_000);
    await hook.start();
    app = await open({}, dataDir);
    await retryUntil(() => hook.accepted().length === 30, [30 * 60_000, 2 * 3_600_000]);

    const byDocument = typesByDocument(hook.accepted());
    for (const id of invoices) expect(byDocument.get(id), id).to.deep.equal(LIFECYCLE);
    expect(hook.deliveries).to.have.length(30);
    for (const delivery of hook.deliveries) expect(verified(secret, delivery).type).to.be.oneOf(LIFECYCLE);
  });

  it('given two companies, then one’s endpoint never receives the other’s events, nor sees its endpoint (404)', async () => {
    app = await open();
    const [ours, theirs] = [await receiver(), await receiver()];
    const company = await app.createTenant({ scopes: SCOPES });
    const other = await app.createTenant({ nit: '800197268', scopes: SCOPES });
    const endpoint = await createEndpoint(company, ours.url, ['*']);
    const otherEndpoint = await createEndpoint(other, theirs.url, ['*']);
    for (let n = 0; n < 5; n += 1) await createInvoice(app, company.key);
    await retryUntil(() => ours.accepted().length === 15);

    expect(ours.accepted()).to.have.length(15);
    expect(theirs.deliveries).to.deep.equal([]);
    const log = await http(app.baseUrl, 'GET', `/v1/webhook-endpoints/${otherEndpoint.id}/deliveries`, { key: other.key });
    expect(log.body.data).to.deep.equal([]);
    for (const path of [`/v1/webhook-endpoints/${endpoint.id}`, `/v1/webhook-endpoints/${endpoint.id}/deliveries`]) {
      expect((await http(app.baseUrl, 'GET', path, { key: other.key })).status, path).to.equal(404);
    }
  });

  it('given a live key, then an endpoint at 127.0.0.1 is refused with 422 naming url, and accepted with WEBHOOKS_ALLOW_PRIVATE=true', async () => {
    const body = { url: 'http://127.0.0.1:9/hooks', events: ['*'] };
    const secretsKey = { SECRETS_KEY: 'a'.repeat(64) };
    app = await open({ WEBHOOKS_ALLOW_PRIVATE: 'false', ...secretsKey });
    const live = await app.createTenant({ scopes: SCOPES, environment: 'live' });
    const refused = await http(app.baseUrl, 'POST', '/v1/webhook-endpoints', { key: live.key, body });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.errors.map((error: { field: string }) => error.field)).to.deep.equal(['url']);
    const httpsLoopback = await http(app.baseUrl, 'POST', '/v1/webhook-endpoints', { key: live.key, body: { ...body, url: 'https://127.0.0.1/hooks' } });
    expect(httpsLoopback.status).to.equal(422);
    expect(httpsLoopback.body.errors[0].message).to.match(/loopback/);
    await app.close();

    app = await open({ WEBHOOKS_ALLOW_PRIVATE: 'true', ...secretsKey });
    const allowed = await app.createTenant({ scopes: SCOPES, environment: 'live' });
    const created = await http(app.baseUrl, 'POST', '/v1/webhook-endpoints', { key: allowed.key, body });
    expect(created.status, created.text).to.equal(201);
  });

  it('given a replay since a time, then exactly the events recorded at or after it are sent again, under their own webhook-ids', async () => {
    app = await open();
    const hook = await receiver();
    const tenant = await app.createTenant({ scopes: SCOPES });
    const { id: endpointId, secret } = await createEndpoint(tenant, hook.url);
    for (let n = 0; n < 3; n += 1) await createInvoice(app, tenant.key);
    await retryUntil(() => hook.accepted().length === 9);
    // The log stamps events with the wall clock: the boundary falls between the two batches.
    await sleep(20);
    const since = new Date().toISOString();
    await sleep(20);
    for (let n = 0; n < 2; n += 1) await createInvoice(app, tenant.key);
    await retryUntil(() => hook.accepted().length === 15);
    const later = hook.accepted().filter((payload) => payload.created_at >= since);
    expect(later).to.have.length(6);
    const before = hook.deliveries.length;

    const replay = await http(app.baseUrl, 'POST', `/v1/webhook-endpoints/${endpointId}/replay`, { key: tenant.key, body: { since } });
    expect(replay.status, replay.text).to.equal(202);
    await retryUntil(() => hook.deliveries.length === before + 6);

    const replayed = hook.deliveries.slice(before);
    expect(replayed.map((delivery) => delivery.id).sort()).to.deep.equal(later.map((payload) => payload.id).sort());
    for (const delivery of replayed) expect(verified(secret, delivery).created_at >= since).to.equal(true);
    const byDocument = typesByDocument(replayed.map((delivery) => JSON.parse(delivery.body)));
    for (const types of byDocument.values()) expect(types).to.deep.equal(LIFECYCLE);
  });
});
