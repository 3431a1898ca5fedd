import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { webhookEndpointsStreamId } from '../../../application/webhooks/webhook-endpoint-stream.ts';
import { encodeCursor } from '../../../api/invoice-management/cursor-codec.ts';
import { endpointsCursor, parseEndpointListQuery } from '../../../api/webhooks/webhook-endpoint-list-query.ts';
import { expectNamesField, expectProblem } from '../../support/api-test-helpers.ts';
import { createLogger } from '../../../infrastructure/logging/logger.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';
import { endpointBody, TEST_DNS, webhookCall } from './webhook-endpoint-test-helpers.ts';

const WEBHOOKS = ['webhooks:read', 'webhooks:write'] as const;

describe('Webhook endpoints API under the deployment settings (WEBHOOKS_ALLOW_PRIVATE, SECRETS_KEY)', function () {
  this.timeout(30_000);
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('WEBHOOKS_ALLOW_PRIVATE=true takes a live endpoint at http://127.0.0.1; without it the same URL is a 422 naming url', async () => {
    app = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true', SECRETS_KEY: randomBytes(32).toString('hex') }, { workers: false, webhookHostResolver: TEST_DNS });
    const lenient = await app.createTenant({ scopes: [...WEBHOOKS], environment: 'live' });
    const created = await webhookCall(app, lenient.key, 'POST', '', endpointBody({ url: 'http://127.0.0.1:8080/hook' }));
    expect(created.status, created.text).to.equal(201);
    expect(created.body.url).to.equal('http://127.0.0.1:8080/hook');
    await app.close();

    app = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'false' }, { workers: false, webhookHostResolver: TEST_DNS });
    const strict = await app.createTenant({ scopes: [...WEBHOOKS], environment: 'test' });
    expectNamesField(expectProblem(await webhookCall(app, strict.key, 'POST', '', endpointBody({ url: 'http://127.0.0.1:8080/hook' })), 422, 'validation_failed'), 'url');
  });

  it('without SECRETS_KEY a test endpoint keeps its secret in the clear (test only) and a live one is refused with 503 secrets_key_missing', async () => {
    app = await startTestApp({}, { workers: false, webhookHostResolver: TEST_DNS });
    const tenant = await app.createTenant({ scopes: [...WEBHOOKS], environment: 'live' });
    const testKey = (await app.createKey(tenant.tenantId, [...WEBHOOKS], 'test')).key;

    const refused = expectProblem(await webhookCall(app, tenant.key, 'POST', '', endpointBody()), 503, 'secrets_key_missing');
    expect(refused.detail).to.contain('SECRETS_KEY');
    expect(await app.container.eventStore.readStream(webhookEndpointsStreamId(tenant.tenantId, 'live'))).to.deep.equal([]);
    const created = await webhookCall(app, testKey, 'POST', '', endpointBody());
    expect(created.status, created.text).to.equal(201);
    const [event] = await app.container.eventStore.readStream(webhookEndpointsStreamId(tenant.tenantId, 'test'));
    expect(event.data.secret).to.deep.equal({ protection: 'clear-test-only', value: created.body.secret });
  });

  it('the secret reaches no log line, even at debug level', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
    app = await startTestApp({ SECRETS_KEY: randomBytes(32).toString('hex') }, { workers: false, webhookHostResolver: TEST_DNS, logger });
    const tenant = await app.createTenant({ scopes: [...WEBHOOKS], environment: 'live' });

    const created = await webhookCall(app, tenant.key, 'POST', '', endpointBody());
    const rotated = await webhookCall(app, tenant.key, 'POST', `/${created.body.id}/rotate-secret`);
    expect([created.status, rotated.status]).to.deep.equal([201, 200]);
    expect(lines.join('\n')).to.contain('/v1/webhook-endpoints');
    for (const secret of [created.body.secret, rotated.body.secret]) expect(lines.join('\n')).to.not.contain(secret.slice('whsec_'.length));
  });

  it('a cursor of the invoice list is no cursor of the endpoint list', () => {
    expect(parseEndpointListQuery({ cursor: endpointsCursor(7), limit: '5' })).to.deep.equal({ limit: 5, after: 7 });
    expect(() => parseEndpointListQuery({ cursor: encodeCursor({ after: '00000000000000000007' }) })).to.throw(/invalid query parameters/);
  });
});
