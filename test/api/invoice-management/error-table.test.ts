import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { pino } from 'pino';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startIntegrationApp, type IntegrationApp, type TestTenant } from '../../support/invoice-management/integration-app.ts';
import { createDraft, get, issue, issuedInvoice, newKey, post, transmittedInvoice } from '../../support/invoice-management/invoice-steps.ts';
import { expectSeedProblem, fieldsOf } from '../../support/invoice-management/problems.ts';

/** One test per row of the seed's error table, each answer an RFC 9457 problem with type, instance and code. */
describe('Integrations: every row of the error table', () => {
  let app: IntegrationApp;
  let tenant: TestTenant;
  const logLines: string[] = [];

  before(async () => {
    const logger = pino({ level: 'error' }, { write: (line: string) => void logLines.push(line) });
    app = await startIntegrationApp({}, { logger });
    tenant = await app.createTenant();
  });
  after(() => app.close());

  it('400 validation_failed: limit out of 1–100, unknown cursor, date not ISO 8601, unknown status; each named in errors[]', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      ['updated_since=31%2F01%2F2026', 'updated_since'],
      ['updated_since=2026-01-31', 'updated_since'],
      ['status=pending', 'status'],
      ['status=archived', 'status'],
    ];
    for (const [query, field] of cases) {
      const problem = expectSeedProblem(await get(app, tenant.key, `/v1/invoices?${query}`), 400, 'validation_failed', '/v1/invoices');
      expect(fieldsOf(problem), query).to.deep.equal([field]);
    }
  });

  it('400 idempotency_key_required: a POST without Idempotency-Key (issue, create, finalize)', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    for (const path of [`/v1/invoices/${invoice.id}/issue`, '/v1/invoices', `/v1/invoices/${invoice.id}/finalize`]) {
      const answer = await post(app, tenant.key, path, { idempotencyKey: null, body: path === '/v1/invoices' ? sampleInvoice() : undefined });
      expect(fieldsOf(expectSeedProblem(answer, 400, 'idempotency_key_required', path))).to.deep.equal(['Idempotency-Key']);
    }
  });

  it('401 unauthorized: Bearer header missing, key unknown, key revoked', async () => {
    const revoked = await app.createKey(tenant.tenantId, ['invoices:read']);
    await app.container.apiKeys.revoke(revoked.keyId, { actor: 'test', correlationId: 'test' });
    const unknown = `fe_test_${'A'.repeat(12)}${'b'.repeat(32)}`;
    for (const key of [undefined, unknown, revoked.key]) {
      for (const path of ['/v1/me', '/v1/invoices']) {
        const answer = await get(app, key, path);
        expectSeedProblem(answer, 401, 'unauthorized', path);
        expect(answer.headers.get('www-authenticate')).to.equal('Bearer');
      }
    }
  });

  it('403 insufficient_scope: reads need invoices:read, issue needs invoices:write; /v1/me needs none', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    const reader = await app.createKey(tenant.tenantId, ['invoices:read']);
    const writer = await app.createKey(tenant.tenantId, ['invoices:write']);

    const denied = [
      [reader.key, 'POST', `/v1/invoices/${invoice.id}/issue`, 'invoices:write'],
      [reader.key, 'POST', '/v1/invoices', 'invoices:write'],
      [writer.key, 'GET', '/v1/invoices', 'invoices:read'],
      [writer.key, 'GET', `/v1/invoices/${invoice.id}`, 'invoices:read'],
      [writer.key, 'GET', `/v1/invoices/${invoice.id}/pdf`, 'invoices:read'],
    ] as const;
    for (const [key, method, path, scope] of denied) {
      const answer = await http(app.baseUrl, method, path, { key, headers: { 'Idempotency-Key': newKey() }, body: method === 'POST' ? {} : undefined });
      expect(expectSeedProblem(answer, 403, 'insufficient_scope', path).required_scope).to.equal(scope);
    }
    for (const key of [reader.key, writer.key]) expect((await get(app, key, '/v1/me')).status).to.equal(200);
    expect((await get(app, tenant.key, `/v1/invoices/${invoice.id}`)).body.status).to.equal('issued');
  });

  it('404 not_found: no invoice with that id in the key’s company; another company’s id looks exactly the same', async () => {
    const theirs = await createDraft(app, (await app.createTenant({ nit: '900123456' })).key);
    const unknown = randomUUID();
    const mine = expectSeedProblem(await get(app, tenant.key, `/v1/invoices/${unknown}`), 404, 'not_found', `/v1/invoices/${unknown}`);
    const other = expectSeedProblem(await get(app, tenant.key, `/v1/invoices/${theirs.id}`), 404, 'not_found', `/v1/invoices/${theirs.id}`);
    expect(other.detail).to.equal(mine.detail);
    expectSeedProblem(await get(app, tenant.key, '/v1/invoices/not-an-id'), 404, 'not_found', '/v1/invoices/not-an-id');
  });

  it('404 document_not_available: the PDF or XML of an invoice never transmitted', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    for (const format of ['pdf', 'xml']) {
      const path = `/v1/invoices/${invoice.id}/${format}`;
      expect(expectSeedProblem(await get(app, tenant.key, path), 404, 'document_not_available', path).detail).to.contain('issued');
    }
  });

  it('409 idempotency_conflict: the key was used for another request; the same request answers the original', async () => {
    const [a, b] = [await issuedInvoice(app, tenant.key), await issuedInvoice(app, tenant.key)];
    const key = newKey();
    const original = await issue(app, tenant.key, a.id, key);

    expectSeedProblem(await issue(app, tenant.key, b.id, key), 409, 'idempotency_conflict', `/v1/invoices/${b.id}/issue`);
    expect((await issue(app, tenant.key, a.id, key)).body).to.deep.equal({ ...original.body, deduplicated: true });
  });

  it('422 invoice_not_issuable: issue of an invoice that is not issued (here a draft), naming its status', async () => {
    const draft = await createDraft(app, tenant.key);
    const problem = expectSeedProblem(await issue(app, tenant.key, draft.id), 422, 'invoice_not_issuable', `/v1/invoices/${draft.id}/issue`);
    expect(problem).to.include({ invoice_status: 'draft' });
  });

  it('422 invoice_validation_failed: local checks found missing data (a customer without identification document); fix and retry with a new key', async () => {
    const body = sampleInvoice();
    delete body.customer.identification_document_code;
    const draft = await createDraft(app, tenant.key, body);
    const path = `/v1/invoices/${draft.id}/finalize`;

    const problem = expectSeedProblem(await post(app, tenant.key, path), 422, 'invoice_validation_failed', path);

    expect(fieldsOf(problem)).to.include('customer.identification_document_code');
    await http(app.baseUrl, 'PATCH', `/v1/invoices/${draft.id}`, { key: tenant.key, body: { customer: { identification_document_code: '31' } } });
    expect((await post(app, tenant.key, path, { idempotencyKey: newKey() })).body.status).to.equal('issued');
  });

  it('429 rate_limited: the key exceeded its quota for the window; Retry-After gives the seconds to wait', async () => {
    const limited = await startIntegrationApp({ INTEGRATIONS_RATE_LIMIT: '2', INTEGRATIONS_RATE_WINDOW_SECONDS: '30' });
    try {
      const { key } = await limited.createTenant();
      await get(limited, key, '/v1/me');
      await get(limited, key, '/v1/invoices');
      const answer = await get(limited, key, '/v1/invoices');
      expectSeedProblem(answer, 429, 'rate_limited', '/v1/invoices');
      expect(Number(answer.headers.get('retry-after'))).to.be.within(1, 30);
    } finally {
      await limited.close();
    }
  });

  it('500 internal_error: a failure on the service side, logged with the instance identifier', async () => {
    const invoice = await transmittedInvoice(app, tenant.key);
    app.provider.renderFailures.push(new Error('renderer exploded'));
    const path = `/v1/invoices/${invoice.id}/pdf`;

    const problem = expectSeedProblem(await get(app, tenant.key, path), 500, 'internal_error', path);

    expect(problem.detail).to.not.contain('exploded');
    const requestId = String(problem.instance).split('#')[1];
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.requestId === requestId);
    expect(logged, 'a log line carries the request id of the instance').to.be.an('object');
    expect(logged.err.message).to.equal('renderer exploded');
  });

  it('503 service_unavailable: the provider could not be reached; Retry-After honoured when present', async () => {
    const invoice = await transmittedInvoice(app, tenant.key);
    app.provider.renderFailures.push(new ProviderUnavailableError('connection refused', 7_000));
    const path = `/v1/invoices/${invoice.id}/xml`;

    const answer = await get(app, tenant.key, path);

    expectSeedProblem(answer, 503, 'service_unavailable', path);
    expect(answer.headers.get('retry-after')).to.equal('7');
  });

  it('errors_url is configurable, and the service lists every code of the table at its default', async () => {
    const custom = await startIntegrationApp({ ERRORS_URL: 'https://docs.example.com/errors' });
    try {
      const answer = await get(custom, undefined, '/v1/me');
      expectSeedProblem(answer, 401, 'unauthorized', '/v1/me', 'https://docs.example.com/errors');
    } finally {
      await custom.close();
    }
    const page = (await http(app.baseUrl, 'GET', '/errors')).text;
    const table = ['validation_failed', 'idempotency_key_required', 'unauthorized', 'insufficient_scope', 'not_found', 'document_not_available',
      'idempotency_conflict', 'invoice_not_issuable', 'invoice_validation_failed', 'rate_limited', 'internal_error', 'service_unavailable'];
    for (const code of table) expect(page, code).to.contain(`id="${code}"`);
  });
});
