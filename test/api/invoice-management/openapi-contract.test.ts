import { expect } from 'chai';
import { expectSchema } from '../../support/api-test-helpers.ts';
import { http, type HttpAnswer } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startIntegrationApp, type IntegrationApp, type TestTenant } from '../../support/invoice-management/integration-app.ts';
import { createDraft, get, issue, issuedInvoice, post, transmittedInvoice } from '../../support/invoice-management/invoice-steps.ts';

/** The seed-001 operations live in the combined /openapi.json (3.1); every answer they give is declared there. */
describe('Integrations: the answers match /openapi.json', () => {
  let app: IntegrationApp;
  let tenant: TestTenant;
  let openapi: Record<string, any>;

  before(async () => {
    app = await startIntegrationApp();
    tenant = await app.createTenant();
    openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
  });
  after(() => app.close());

  function expectDeclared(path: string, method: string, answer: HttpAnswer): void {
    const operation = openapi.paths[path]?.[method];
    expect(operation, `${method.toUpperCase()} ${path} is not in /openapi.json`).to.be.an('object');
    const declared = operation.responses[String(answer.status)];
    expect(declared, `${method.toUpperCase()} ${path} answered ${answer.status}: ${answer.text.slice(0, 160)}`).to.be.an('object');
    if (!declared.content) return;
    const [mediaType] = Object.keys(declared.content);
    expect(answer.headers.get('content-type')).to.contain(mediaType);
    const ref: string | undefined = declared.content[mediaType].schema?.$ref;
    if (ref) expectSchema(ref.split('/').pop()!, answer.body);
  }

  it('is OpenAPI 3.1 with every seed-001 operation and the drafting extensions, tagged Integraciones', () => {
    expect(openapi.openapi).to.equal('3.1.0');
    const operations = {
      '/v1/me': ['get'],
      '/v1/invoices': ['get', 'post'],
      '/v1/invoices/{id}': ['get', 'patch', 'delete'],
      '/v1/invoices/{id}/issue': ['post'],
      '/v1/invoices/{id}/finalize': ['post'],
      '/v1/invoices/{id}/pdf': ['get'],
      '/v1/invoices/{id}/xml': ['get'],
    };
    for (const [path, methods] of Object.entries(operations)) {
      for (const method of methods) expect(openapi.paths[path][method].tags, `${method} ${path}`).to.deep.equal(['Integraciones']);
    }
    expect(openapi.components.schemas).to.include.keys('Identity', 'Invoice', 'InvoicePage', 'IssueAnswer', 'DraftSalesInvoiceBody', 'DraftCustomer');
    expect(openapi.paths['/v1/invoices'].get.parameters.find((p: { name: string }) => p.name === 'limit').schema).to.include({ minimum: 1, maximum: 100, default: 25 });
  });

  it('every answer of every operation is declared, with its schema', async () => {
    const draft = await createDraft(app, tenant.key);
    const issued = await issuedInvoice(app, tenant.key);
    const validated = await transmittedInvoice(app, tenant.key);
    await app.settle();
    const reader = await app.createKey(tenant.tenantId, ['invoices:read']);
    const checks: Array<[string, string, HttpAnswer]> = [
      ['/v1/me', 'get', await get(app, tenant.key, '/v1/me')],
      ['/v1/me', 'get', await get(app, undefined, '/v1/me')],
      ['/v1/invoices', 'get', await get(app, tenant.key, '/v1/invoices?limit=2')],
      ['/v1/invoices', 'get', await get(app, tenant.key, '/v1/invoices?limit=0')],
      ['/v1/invoices', 'post', await post(app, tenant.key, '/v1/invoices', { body: sampleInvoice() })],
      ['/v1/invoices', 'post', await post(app, reader.key, '/v1/invoices', { body: sampleInvoice() })],
      ['/v1/invoices/{id}', 'get', await get(app, tenant.key, `/v1/invoices/${validated.id}`)],
      ['/v1/invoices/{id}', 'patch', await http(app.baseUrl, 'PATCH', `/v1/invoices/${draft.id}`, { key: tenant.key, body: { observation: 'x' } })],
      ['/v1/invoices/{id}', 'patch', await http(app.baseUrl, 'PATCH', `/v1/invoices/${issued.id}`, { key: tenant.key, body: { observation: 'x' } })],
      ['/v1/invoices/{id}/finalize', 'post', await post(app, tenant.key, `/v1/invoices/${draft.id}/finalize`)],
      ['/v1/invoices/{id}/issue', 'post', await issue(app, tenant.key, issued.id)],
      ['/v1/invoices/{id}/issue', 'post', await issue(app, tenant.key, validated.id)],
      ['/v1/invoices/{id}/issue', 'post', await post(app, tenant.key, `/v1/invoices/${validated.id}/issue`, { idempotencyKey: null })],
      ['/v1/invoices/{id}/pdf', 'get', await get(app, tenant.key, `/v1/invoices/${draft.id}/pdf`)],
      ['/v1/invoices/{id}/xml', 'get', await get(app, tenant.key, `/v1/invoices/${validated.id}/xml`)],
      ['/v1/invoices/{id}', 'delete', await http(app.baseUrl, 'DELETE', `/v1/invoices/${(await createDraft(app, tenant.key)).id}`, { key: tenant.key })],
      ['/v1/invoices/{id}', 'delete', await http(app.baseUrl, 'DELETE', `/v1/invoices/${validated.id}`, { key: tenant.key })],
    ];
    expect(checks.map(([, , answer]) => answer.status)).to.deep.equal([200, 401, 200, 400, 201, 403, 200, 200, 422, 200, 202, 422, 400, 404, 200, 200, 422]);
    for (const [path, method, answer] of checks) expectDeclared(path, method, answer);
  });
});
