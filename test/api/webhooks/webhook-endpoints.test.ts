import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { webhookEndpointsStreamId } from '../../../application/webhooks/webhook-endpoint-stream.ts';
import { expectNamesField, expectProblem, expectSchema } from '../../support/api-test-helpers.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { endpointBody, TEST_DNS, webhookCall } from './webhook-endpoint-test-helpers.ts';

const WEBHOOKS = ['webhooks:read', 'webhooks:write'] as const;

describe('Webhook endpoints API: create, list, get, patch, delete, rotate', function () {
  this.timeout(30_000);
  let app: TestApp;
  let live: TestTenant;
  let testKey: string;

  before(async () => {
    app = await startTestApp({ SECRETS_KEY: randomBytes(32).toString('hex') }, { workers: false, webhookHostResolver: TEST_DNS });
    live = await app.createTenant({ scopes: [...WEBHOOKS], environment: 'live' });
    testKey = (await app.createKey(live.tenantId, [...WEBHOOKS], 'test')).key;
  });
  after(() => app.close());

  const call = (method: string, path = '', body?: unknown, key = live.key) => webhookCall(app, key, method, path, body);
  const create = async (body: unknown = endpointBody(), key = live.key) => {
    const answer = await call('POST', '', body, key);
    expect(answer.status, answer.text).to.equal(201);
    return answer.body as Record<string, any>;
  };

  it('POST answers 201 with the endpoint and its whsec_ secret once; GET never shows it; the event keeps it sealed', async () => {
    const answer = await call('POST', '', endpointBody({ description: 'ERP', events: ['document.validated', 'document.rejected'] }));

    expect(answer.status, answer.text).to.equal(201);
    expectSchema('WebhookEndpointCreated', answer.body);
    const created = answer.body;
    expect(answer.headers.get('location')).to.equal(`/v1/webhook-endpoints/${created.id}`);
    expect(created).to.deep.include({
      url: 'https://hooks.example.com/facturacion', events: ['document.validated', 'document.rejected'], description: 'ERP', status: 'enabled', disabled_reason: null, failing_since: null,
    });
    expect(created.secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const got = await call('GET', `/${created.id}`);
    expect(got.status).to.equal(200);
    expectSchema('WebhookEndpoint', got.body);
    const { secret, ...shown } = created;
    expect(got.body).to.deep.equal(shown);
    const listed = await call('GET');
    for (const text of [got.text, listed.text]) expect(text).to.not.contain(secret.slice('whsec_'.length));

    const raw = await app.container.eventStore.readStream(webhookEndpointsStreamId(live.tenantId, 'live'));
    const kept = JSON.stringify(raw.find((event) => event.data.endpointId === created.id)?.data);
    expect(kept).to.contain('"protection":"sealed"');
    expect(kept).to.not.contain(secret.slice('whsec_'.length));
  });

  it('GET lists in cursor pages as seed 001 does: limit, cursor, next_cursor null on the last page; bad parameters are 400', async () => {
    const { tenantId } = await app.createTenant({ nit: '900123456', scopes: [...WEBHOOKS], environment: 'live' });
    const { key } = await app.createKey(tenantId, [...WEBHOOKS], 'live');
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await create(endpointBody({ description: `n${index}` }), key)).id);

    const first = await call('GET', '?limit=2', undefined, key);
    expectSchema('WebhookEndpointList', first.body);
    expect(first.body.data.map((endpoint: { id: string }) => endpoint.id)).to.deep.equal(ids.slice(0, 2));
    const second = await call('GET', `?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, undefined, key);
    expect([second.body.data.map((endpoint: { id: string }) => endpoint.id), second.body.next_cursor]).to.deep.equal([[ids[2]], null]);
    expect((await call('GET', '', undefined, key)).body.data).to.have.length(3);

    expectNamesField(expectProblem(await call('GET', '?limit=0', undefined, key), 400, 'validation_failed'), 'limit');
    expectNamesField(expectProblem(await call('GET', '?cursor=abc.def', undefined, key), 400, 'validation_failed'), 'cursor');
    expectNamesField(expectProblem(await call('GET', '?status=enabled', undefined, key), 400, 'validation_failed'), 'status');
  });

  it('PATCH changes what it names; disabled true/false disables and enables; unknown fields and wrong types are 422', async () => {
    const created = await create();

    const changed = await call('PATCH', `/${created.id}`, { events: ['*'], description: null, disabled: true });
    expect(changed.status, changed.text).to.equal(200);
    expectSchema('WebhookEndpoint', changed.body);
    expect(changed.body).to.deep.include({ url: created.url, events: ['*'], description: null, status: 'disabled', disabled_reason: 'requested' });
    expect((await call('PATCH', `/${created.id}`, { disabled: false })).body).to.deep.include({ status: 'enabled', disabled_reason: null });

    expectNamesField(expectProblem(await call('PATCH', `/${created.id}`, { secret: 'whsec_x' }), 422, 'validation_failed'), 'secret');
    expectNamesField(expectProblem(await call('PATCH', `/${created.id}`, { disabled: 'yes' }), 422, 'validation_failed'), 'disabled');
    expectNamesField(expectProblem(await call('PATCH', `/${created.id}`, { events: ['document.shipped'] }), 422, 'validation_failed'), 'events[0]');
    expectNamesField(expectProblem(await call('PATCH', `/${created.id}`, { url: 'http://hooks.example.com/x' }), 422, 'validation_failed'), 'url');
  });

  it('POST refuses bodies that break the rules, naming the field: events, description, unknown fields, missing url', async () => {
    expectNamesField(expectProblem(await call('POST', '', endpointBody({ events: [] })), 422, 'validation_failed'), 'events');
    expectNamesField(expectProblem(await call('POST', '', endpointBody({ events: ['*', 'message.sent'] })), 422, 'validation_failed'), 'events');
    expectNamesField(expectProblem(await call('POST', '', endpointBody({ description: 'd'.repeat(501) })), 422, 'validation_failed'), 'description');
    expectNamesField(expectProblem(await call('POST', '', endpointBody({ secret: 'mine' })), 422, 'validation_failed'), 'secret');
    expectNamesField(expectProblem(await call('POST', '', { events: ['*'] }), 422, 'validation_failed'), 'url');
  });

  it('a live endpoint must be https to a host resolving only to public addresses: 422 naming url', async () => {
    const loopback = expectProblem(await call('POST', '', endpointBody({ url: 'http://127.0.0.1:8080/hook' })), 422, 'validation_failed');
    expect(loopback.errors).to.deep.equal([{ field: 'url', message: 'must use https in the live environment' }]);
    const literal = expectProblem(await call('POST', '', endpointBody({ url: 'https://127.0.0.1/hook' })), 422, 'validation_failed');
    expect(literal.errors[0]).to.deep.equal({ field: 'url', message: '127.0.0.1 is a loopback address; webhooks go to public addresses' });
    const privateName = expectProblem(await call('POST', '', endpointBody({ url: 'https://intranet.example.com/hook' })), 422, 'validation_failed');
    expect(privateName.errors[0].field).to.equal('url');
    expect(privateName.errors[0].message).to.contain('resolves to 10.0.0.7').and.contain('private address');
    // A test key may use http, but not to a private address either.
    expect((await call('POST', '', endpointBody({ url: 'http://hooks.example.com/h' }), testKey)).status).to.equal(201);
    expectNamesField(expectProblem(await call('POST', '', endpointBody({ url: 'http://127.0.0.1/h' }), testKey), 422, 'validation_failed'), 'url');
  });

  it('DELETE answers 204; the endpoint is gone after', async () => {
    const created = await create();

    expect((await call('DELETE', `/${created.id}`)).status).to.equal(204);
    expectProblem(await call('GET', `/${created.id}`), 404, 'not_found');
    expectProblem(await call('DELETE', `/${created.id}`), 404, 'not_found');
  });

  it('rotate-secret answers a new secret once and when the previous one stops signing (24 hours)', async () => {
    const created = await create();
    const before = Date.now();

    const rotated = await call('POST', `/${created.id}/rotate-secret`);
    expect(rotated.status, rotated.text).to.equal(200);
    expectSchema('WebhookEndpointSecretRotated', rotated.body);
    expect(rotated.body.secret).to.match(/^whsec_/).and.not.equal(created.secret);
    const expires = Date.parse(rotated.body.previous_secret_expires_at);
    expect(expires).to.be.within(before + 24 * 3_600_000, Date.now() + 24 * 3_600_000);
    expect((await call('GET', `/${created.id}`)).body).to.not.have.property('secret');
    expect(await app.container.webhookEndpoints.directory.signingSecrets(live.tenantId, 'live', created.id, new Date())).to.deep.equal([rotated.body.secret, created.secret]);
  });

  it('another company, or the other environment of the same company, does not find the endpoint: 404', async () => {
    const created = await create();
    const other = await app.createTenant({ nit: '800197268', scopes: [...WEBHOOKS], environment: 'live' });

    for (const key of [other.key, testKey]) {
      expectProblem(await call('GET', `/${created.id}`, undefined, key), 404, 'not_found');
      expectProblem(await call('PATCH', `/${created.id}`, { description: 'mine' }, key), 404, 'not_found');
      expectProblem(await call('POST', `/${created.id}/rotate-secret`, undefined, key), 404, 'not_found');
      expectProblem(await call('DELETE', `/${created.id}`, undefined, key), 404, 'not_found');
    }
    expect((await call('GET', '', undefined, other.key)).body.data).to.deep.equal([]);
    expect((await call('GET', `/${created.id}`)).status).to.equal(200);
  });

  it('webhooks:read lists and reads, webhooks:write changes; other keys get 403 and no key 401', async () => {
    const created = await create();
    const reader = (await app.createKey(live.tenantId, ['webhooks:read'], 'live')).key;
    const invoices = (await app.createKey(live.tenantId, ['invoices:read', 'invoices:write'], 'live')).key;

    expect((await call('GET', '', undefined, reader)).status).to.equal(200);
    expect((await call('GET', `/${created.id}`, undefined, reader)).status).to.equal(200);
    for (const [method, path, body] of [['POST', '', endpointBody()], ['PATCH', `/${created.id}`, {}], ['DELETE', `/${created.id}`], ['POST', `/${created.id}/rotate-secret`]] as const) {
      expect(expectProblem(await call(method, path, body, reader), 403, 'insufficient_scope').required_scope).to.equal('webhooks:write');
    }
    expect(expectProblem(await call('GET', '', undefined, invoices), 403, 'insufficient_scope').required_scope).to.equal('webhooks:read');
    expectProblem(await webhookCall(app, undefined, 'GET'), 401, 'unauthorized');
  });

  it('a company has at most 16 endpoints per environment', async () => {
    const { tenantId } = await app.createTenant({ nit: '830054539', scopes: [...WEBHOOKS], environment: 'test' });
    const { key } = await app.createKey(tenantId, [...WEBHOOKS], 'test');
    for (let index = 0; index < 16; index += 1) await create(endpointBody(), key);

    const refused = expectProblem(await call('POST', '', endpointBody(), key), 422, 'webhook_endpoint_limit');
    expect(refused.detail).to.contain('at most 16');
  });
});
