import { expect } from 'chai';
import type { Scope } from '../../../domain/tenancy/scopes.ts';
import { createInvoice, expectSchema } from '../../support/api-test-helpers.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { http, type HttpAnswer } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { FakeWebhookObjects } from '../../support/webhooks/fake-webhook-objects.ts';
import { answered, FakeWebhookTransport } from '../../support/webhooks/fake-webhook-transport.ts';
import { InMemoryWebhookDirectory } from '../../support/webhooks/in-memory-webhook-directory.ts';

const URL_A = 'https://hooks.example.com/a';
const WEBHOOKS: Scope[] = ['invoices:read', 'invoices:write', 'webhooks:read', 'webhooks:write'];

describe('webhook delivery routes: log, retry, replay, test', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let clock: FixedClock;
  let directory: InMemoryWebhookDirectory;
  let transport: FakeWebhookTransport;
  let openapi: Record<string, any>;

  const base = (id = 'whe_a') => `/v1/webhook-endpoints/${id}`;
  const call = (method: string, path: string, body?: unknown, key = tenant.key) => http(app.baseUrl, method, path, { key, body });
  /** The answer's status is declared on the operation, with the schema its body matches. */
  function expectDeclared(path: string, method: string, answer: HttpAnswer): void {
    const declared = openapi.paths[path][method].responses[String(answer.status)];
    expect(declared, `${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`).to.not.equal(undefined);
    const [mediaType] = Object.keys(declared.content ?? {});
    if (mediaType) expectSchema(declared.content[mediaType].schema.$ref.split('/').pop(), answer.body);
  }
  async function tick(): Promise<void> {
    await app.settle();
    await app.container.webhookDelivery!.scheduler.tick();
    await app.container.webhookDelivery!.pool.idle();
    await app.settle();
  }

  before(async () => {
    clock = new FixedClock('2026-03-01T12:00:00.000Z');
    directory = new InMemoryWebhookDirectory();
    transport = new FakeWebhookTransport(clock);
    app = await startTestApp({}, { clock, webhooks: { directory, objects: new FakeWebhookObjects(), transport, schedulerIntervalMs: 3_600_000 } });
    tenant = await app.createTenant({ scopes: WEBHOOKS });
    directory.add({ id: 'whe_a', tenantId: tenant.tenantId, url: URL_A, events: ['document.created', 'document.validated'] });
    openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
    for (let n = 0; n < 3; n += 1) await createInvoice(app, tenant.key);
    await tick();
  });
  after(() => app.close());

  it('GET deliveries: newest first, in cursor pages, each with its event, status, reason and attempts', async () => {
    const first = await call('GET', `${base()}/deliveries?limit=4`);
    expect(first.status, first.text).to.equal(200);
    expectDeclared('/v1/webhook-endpoints/{id}/deliveries', 'get', first);
    expect(first.body.data).to.have.length(4);
    expect(first.body.data[0]).to.deep.include({ endpoint_id: 'whe_a', status: 'succeeded', reason: 'event', next_attempt_at: null, failure: null });
    expect(first.body.data[0].attempts).to.deep.equal([{ attempt: 1, at: '2026-03-01T12:00:00.000Z', status: 200, duration_ms: 7, response_excerpt: 'ok', error: null }]);
    const second = await call('GET', `${base()}/deliveries?limit=4&cursor=${first.body.next_cursor}`);
    expect(second.body.data).to.have.length(2);
    expect(second.body.next_cursor).to.equal(null);
    const all = [...first.body.data, ...second.body.data];
    expect(new Set(all.map((delivery: { id: string }) => delivery.id)).size).to.equal(6);
    expect(all.map((delivery: { event: { type: string } }) => delivery.event.type).sort()).to.deep.equal([...Array(3).fill('document.created'), ...Array(3).fill('document.validated')]);
    const sequence = all.map((delivery: { created_at: string }) => delivery.created_at);
    expect(sequence).to.deep.equal([...sequence].sort().reverse());
  });

  it('GET deliveries: a bad cursor or limit is 400 naming it; an unknown endpoint, or another company’s, is 404; a key without webhooks:read is 403', async () => {
    const bad = await call('GET', `${base()}/deliveries?cursor=nope&limit=0`);
    expect(bad.status).to.equal(400);
    expect(bad.body.errors.map((issue: { field: string }) => issue.field).sort()).to.deep.equal(['cursor', 'limit']);
    expectDeclared('/v1/webhook-endpoints/{id}/deliveries', 'get', bad);
    const other = await app.createTenant({ nit: '800197268', scopes: WEBHOOKS });
    directory.add({ id: 'whe_other', tenantId: other.tenantId, url: 'https://other.example.com/' });
    for (const answer of [await call('GET', `${base('whe_nope')}/deliveries`), await call('GET', `${base('whe_other')}/deliveries`)]) {
      expect(answer.status).to.equal(404);
      expectDeclared('/v1/webhook-endpoints/{id}/deliveries', 'get', answer);
    }
    const reader = await app.createKey(tenant.tenantId, ['invoices:read']);
    const forbidden = await call('GET', `${base()}/deliveries`, undefined, reader.key);
    expect(forbidden.status).to.equal(403);
    expectDeclared('/v1/webhook-endpoints/{id}/deliveries', 'get', forbidden);
  });

  it('POST retry: 202 with the new delivery of the same event; a pending delivery is 409; an unknown one 404', async () => {
    const [latest] = (await call('GET', `${base()}/deliveries?limit=1`)).body.data;
    const retried = await call('POST', `${base()}/deliveries/${latest.id}/retry`);
    expect(retried.status, retried.text).to.equal(202);
    expectDeclared('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', 'post', retried);
    expect(retried.body).to.deep.include({ status: 'pending', reason: 'retry', event: latest.event });
    expect(retried.body.id).to.not.equal(latest.id);

    transport.answer = () => answered(500, 'busy');
    await tick();
    const pending = await call('POST', `${base()}/deliveries/${retried.body.id}/retry`);
    expect(pending.status).to.equal(409);
    expect(pending.body).to.deep.include({ code: 'webhook_delivery_pending', next_attempt_at: '2026-03-01T12:00:05.000Z' });
    expectDeclared('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', 'post', pending);
    transport.answer = () => answered(200, 'ok');
    clock.advance(5_000);
    await tick();
    const missing = await call('POST', `${base()}/deliveries/whd_nope/retry`);
    expect(missing.status).to.equal(404);
    expectDeclared('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', 'post', missing);
  });

  it('POST replay: 202 with how many were queued (by default the endpoint’s types); bad windows and types are 422 naming the field', async () => {
    const sent = transport.to(URL_A).length;
    const replay = await call('POST', `${base()}/replay`, { since: '2020-01-01T00:00:00Z' });
    expect(replay.status, replay.text).to.equal(202);
    expectDeclared('/v1/webhook-endpoints/{id}/replay', 'post', replay);
    expect(replay.body).to.deep.equal({ queued: 6, since: '2020-01-01T00:00:00.000Z', until: null, types: ['document.created', 'document.validated'] });
    await tick();
    expect(transport.to(URL_A).slice(sent).map((request) => request.payload.type).sort()).to.deep.equal([...Array(3).fill('document.created'), ...Array(3).fill('document.validated')]);

    const typed = await call('POST', `${base()}/replay`, { since: '2020-01-01T00:00:00Z', until: '2099-01-01T00:00:00Z', types: ['document.sent'] });
    expect(typed.body).to.deep.include({ queued: 3, until: '2099-01-01T00:00:00.000Z' });
    for (const [body, field] of [
      [{}, 'since'],
      [{ since: 'yesterday' }, 'since'],
      [{ since: '2026-03-01T00:00:00Z', until: '2026-02-01T00:00:00Z' }, 'until'],
      [{ since: '2026-03-01T00:00:00Z', types: ['document.exploded'] }, 'types[0]'],
      [{ since: '2026-03-01T00:00:00Z', extra: 1 }, 'extra'],
    ] as const) {
      const refused = await call('POST', `${base()}/replay`, body);
      expect(refused.status, JSON.stringify(body)).to.equal(422);
      expect(refused.body.errors.map((issue: { field: string }) => issue.field), JSON.stringify(body)).to.include(field);
      expectDeclared('/v1/webhook-endpoints/{id}/replay', 'post', refused);
    }
    await tick();
  });

  it('POST test: 202 with the delivery, and the endpoint receives webhook.test; a disabled endpoint is 409', async () => {
    const test = await call('POST', `${base()}/test`);
    expect(test.status, test.text).to.equal(202);
    expectDeclared('/v1/webhook-endpoints/{id}/test', 'post', test);
    expect(test.body).to.deep.include({ reason: 'test', status: 'pending' });
    expect(test.body.event.type).to.equal('webhook.test');
    await tick();
    const received = transport.to(URL_A).at(-1)!;
    expect(received.payload).to.deep.include({ id: test.body.event.id, type: 'webhook.test' });
    expect(received.headers['webhook-id']).to.equal(test.body.event.id);

    directory.add({ id: 'whe_off', tenantId: tenant.tenantId, url: 'https://off.example.com/', disabled: true, disabledReason: 'requested' });
    const disabled = await call('POST', `${base('whe_off')}/test`);
    expect(disabled.status).to.equal(409);
    expect(disabled.body).to.deep.include({ code: 'webhook_endpoint_disabled', disabled_reason: 'requested' });
    expectDeclared('/v1/webhook-endpoints/{id}/test', 'post', disabled);
  });
});
