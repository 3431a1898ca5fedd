import { expect } from 'chai';
import { http, type HttpAnswer } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { BASE, createInvoice, expectSchema } from '../../support/api-test-helpers.ts';

/**
 * DESIGN.md makes the OpenAPI document the source of truth. Every status an operation actually answers must be
 * declared on that operation in /openapi.json, with the declared media type and schema.
 */
describe('The answers match /openapi.json', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let openapi: Record<string, any>;
  let validatedId: string;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
    validatedId = (await createInvoice(app, tenant.key)).id;
    await app.settle();
  });
  after(() => app.close());

  function expectDeclared(path: string, method: string, answer: HttpAnswer): void {
    const responses = openapi.paths[path][method].responses as Record<string, any>;
    expect(Object.keys(responses), `${method.toUpperCase()} ${path} answered ${answer.status} (${answer.text.slice(0, 120)})`).to.include(
      String(answer.status),
    );
    const declared = responses[String(answer.status)];
    if (!declared.content) return;
    const [mediaType] = Object.keys(declared.content);
    expect(answer.headers.get('content-type')).to.contain(mediaType);
    const ref: string | undefined = declared.content[mediaType].schema?.$ref;
    if (ref) expectSchema(ref.split('/').pop()!, answer.body);
  }

  it('POST: every status it answers (202, 400, 401, 403, 409, 413, 415, 422) is declared', async () => {
    const reader = await app.createKey(tenant.tenantId, ['invoices:read']);
    const post = (options: Parameters<typeof http>[3]) => http(app.baseUrl, 'POST', BASE, options);
    const reused = 'contract-reused-key';
    await post({ key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': reused } });
    const answers = [
      await post({ key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': 'contract-202-key' } }),
      await post({ key: tenant.key, body: sampleInvoice() }),
      await post({ body: sampleInvoice(), headers: { 'Idempotency-Key': 'contract-401-key' } }),
      await post({ key: reader.key, body: sampleInvoice(), headers: { 'Idempotency-Key': 'contract-403-key' } }),
      await post({ key: tenant.key, body: sampleInvoice({ observation: 'other' }), headers: { 'Idempotency-Key': reused } }),
      await post({ key: tenant.key, body: sampleInvoice({ observation: 'x'.repeat(1_100_000) }), headers: { 'Idempotency-Key': 'contract-413-key' } }),
      await post({ key: tenant.key, body: { ...sampleInvoice(), items: [] }, headers: { 'Idempotency-Key': 'contract-422-key' } }),
    ];
    expect(answers.map((answer) => answer.status)).to.deep.equal([202, 400, 401, 403, 409, 413, 422]);
    for (const answer of answers) expectDeclared(BASE, 'post', answer);
  });

  it('POST: a non-JSON content type (415) is declared', async () => {
    const answer = await http(app.baseUrl, 'POST', BASE, {
      key: tenant.key,
      rawBody: 'x',
      headers: { 'Idempotency-Key': 'contract-415-key', 'Content-Type': 'text/plain' },
    });

    expect(answer.status).to.equal(415);
    expectDeclared(BASE, 'post', answer);
  });

  it('GET list: 200, 401 and 422 are declared', async () => {
    const answers = [
      await http(app.baseUrl, 'GET', BASE, { key: tenant.key }),
      await http(app.baseUrl, 'GET', BASE),
      await http(app.baseUrl, 'GET', `${BASE}?per_page=0`, { key: tenant.key }),
    ];
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 401, 422]);
    for (const answer of answers) expectDeclared(BASE, 'get', answer);
  });

  it('GET list: the 403 of a key without invoices:read is declared', async () => {
    const writer = await app.createKey(tenant.tenantId, ['invoices:write']);

    const answer = await http(app.baseUrl, 'GET', BASE, { key: writer.key });

    expect(answer.status).to.equal(403);
    expectDeclared(BASE, 'get', answer);
  });

  it('GET id: 200, 401, 404 and 422 are declared', async () => {
    const path = `${BASE}/{id}`;
    const answers = [
      await http(app.baseUrl, 'GET', `${BASE}/${validatedId}`, { key: tenant.key }),
      await http(app.baseUrl, 'GET', `${BASE}/${validatedId}`),
      await http(app.baseUrl, 'GET', `${BASE}/3f2504e0-4f89-41d3-9a0c-0305e82c3301`, { key: tenant.key }),
      await http(app.baseUrl, 'GET', `${BASE}/nope`, { key: tenant.key }),
    ];
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 401, 404, 422]);
    for (const answer of answers) expectDeclared(path, 'get', answer);
  });

  it('GET id: the 403 of a key without invoices:read is declared', async () => {
    const writer = await app.createKey(tenant.tenantId, ['invoices:write']);

    const answer = await http(app.baseUrl, 'GET', `${BASE}/${validatedId}`, { key: writer.key });

    expect(answer.status).to.equal(403);
    expectDeclared(`${BASE}/{id}`, 'get', answer);
  });

  it('DELETE: 200, 401, 403, 404, 409 and 422 are declared', async () => {
    const reader = await app.createKey(tenant.tenantId, ['invoices:read']);
    const rejected = await createInvoice(app, tenant.key, sampleInvoice({ identification: '1111111111' }));
    await app.settle();
    const answers = [
      await http(app.baseUrl, 'DELETE', `${BASE}/${rejected.id}`, { key: tenant.key }),
      await http(app.baseUrl, 'DELETE', `${BASE}/${validatedId}`),
      await http(app.baseUrl, 'DELETE', `${BASE}/${validatedId}`, { key: reader.key }),
      await http(app.baseUrl, 'DELETE', `${BASE}/3f2504e0-4f89-41d3-9a0c-0305e82c3301`, { key: tenant.key }),
      await http(app.baseUrl, 'DELETE', `${BASE}/${validatedId}`, { key: tenant.key }),
      await http(app.baseUrl, 'DELETE', `${BASE}/nope`, { key: tenant.key }),
    ];
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 401, 403, 404, 409, 422]);
    for (const answer of answers) expectDeclared(`${BASE}/{id}`, 'delete', answer);
  });
});
