import { expect } from 'chai';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import { INVOICES, invoiceTo, ISSUER_NIT, RECEIVER_NIT, RECEPTIONS, sendEvent, validatedInvoice } from '../../support/acceptance-app.ts';
import { http, type HttpAnswer } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { createInvoice, expectSchema } from '../../support/api-test-helpers.ts';
import { UNKNOWN_ID } from '../../support/family-test-helpers.ts';

/** Every status the acceptance and reception operations answer is declared in /openapi.json, with its schema. */
describe('acceptance events and receptions match /openapi.json', () => {
  let app: TestApp;
  let issuer: TestTenant;
  let receiver: TestTenant;
  let openapi: Record<string, any>;
  let invoiceId: string;

  before(async () => {
    app = await startTestApp();
    issuer = await app.createTenant({ nit: ISSUER_NIT });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
    openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
    invoiceId = (await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT))).id;
  });
  after(() => app.close());

  function expectDeclared(path: string, method: string, answers: HttpAnswer[], statuses: number[]): void {
    expect(answers.map((answer) => answer.status), answers.map((a) => a.text.slice(0, 100)).join('\n')).to.deep.equal(statuses);
    const operation = openapi.paths[path]?.[method];
    expect(operation, `${method} ${path} is documented`).to.not.equal(undefined);
    for (const answer of answers) {
      const declared = operation.responses[String(answer.status)];
      expect(declared, `${method.toUpperCase()} ${path} answered ${answer.status}`).to.not.equal(undefined);
      if (!declared.content) continue;
      const [mediaType] = Object.keys(declared.content);
      expect(answer.headers.get('content-type')).to.contain(mediaType);
      expectSchema(declared.content[mediaType].schema.$ref.split('/').pop(), answer.body);
    }
  }

  it('GET /invoices/v1/sales-invoices/{id}/events: 200, 401, 403, 404, 409, 422', async () => {
    const writer = await app.createKey(issuer.tenantId, ['invoices:write']);
    const rejected = await createInvoice(app, issuer.key, invoiceTo('1111111111'));
    await app.settle();
    const get = (key: string | undefined, id: string) => http(app.baseUrl, 'GET', `${INVOICES}/${id}/events`, { key });
    const answers = [
      await get(issuer.key, invoiceId),
      await get(undefined, invoiceId),
      await get(writer.key, invoiceId),
      await get(issuer.key, UNKNOWN_ID),
      await get(issuer.key, rejected.id),
      await get(issuer.key, 'x'),
    ];
    expectDeclared(`${INVOICES}/{id}/events`, 'get', answers, [200, 401, 403, 404, 409, 422]);
  });

  it('GET /invoices/v1/sales-invoices/{id}/events: 503', async () => {
    const down = await startTestApp({}, {
      provider: {
        name: 'down',
        submit: async () => ({ kind: 'validated', number: 'SETP990000001', uniqueCode: 'c'.repeat(96), validatedAt: new Date().toISOString(), warnings: [] }),
        discard: async () => ({ kind: 'discarded' }),
        render: async () => null,
        acceptanceEvents: () => Promise.reject(new ProviderUnavailableError('down')),
      },
    });
    try {
      const tenant = await down.createTenant({ nit: ISSUER_NIT });
      const { id } = await createInvoice(down, tenant.key, invoiceTo(RECEIVER_NIT));
      await down.settle();
      expectDeclared(`${INVOICES}/{id}/events`, 'get', [await http(down.baseUrl, 'GET', `${INVOICES}/${id}/events`, { key: tenant.key })], [503]);
    } finally {
      await down.close();
    }
  });

  it('GET /receptions/v1/received-documents: 200, 401, 403, 422', async () => {
    const writer = await app.createKey(receiver.tenantId, ['invoices:write']);
    const list = (key: string | undefined, query = '') => http(app.baseUrl, 'GET', `${RECEPTIONS}${query}`, { key });
    const answers = [await list(receiver.key), await list(undefined), await list(writer.key), await list(receiver.key, '?page=0')];
    expectDeclared(RECEPTIONS, 'get', answers, [200, 401, 403, 422]);
  });

  it('GET /receptions/v1/received-documents/{id} and …/events: 200, 401, 403, 404, 422', async () => {
    const writer = await app.createKey(receiver.tenantId, ['invoices:write']);
    for (const [suffix, path] of [['', `${RECEPTIONS}/{id}`], ['/events', `${RECEPTIONS}/{id}/events`]]) {
      const get = (key: string | undefined, id: string) => http(app.baseUrl, 'GET', `${RECEPTIONS}/${id}${suffix}`, { key });
      const answers = [await get(receiver.key, invoiceId), await get(undefined, invoiceId), await get(writer.key, invoiceId), await get(receiver.key, UNKNOWN_ID), await get(receiver.key, 'x')];
      expectDeclared(path, 'get', answers, [200, 401, 403, 404, 422]);
    }
  });

  it('POST /receptions/v1/received-documents/{id}/events: 201, 400, 401, 403, 404, 409, 413, 415, 422', async () => {
    const reader = await app.createKey(receiver.tenantId, ['invoices:read']);
    const path = `${RECEPTIONS}/${invoiceId}/events`;
    const raw = (rawBody: string, contentType = 'application/json') =>
      http(app.baseUrl, 'POST', path, { key: receiver.key, rawBody, headers: { 'Content-Type': contentType } });
    const answers = [
      await sendEvent(app, receiver.key, invoiceId, { code: '030' }),
      await raw('{'),
      await sendEvent(app, undefined, invoiceId, { code: '030' }),
      await sendEvent(app, reader.key, invoiceId, { code: '030' }),
      await sendEvent(app, receiver.key, UNKNOWN_ID, { code: '030' }),
      await sendEvent(app, receiver.key, invoiceId, { code: '030' }),
      await raw(JSON.stringify({ code: '030', person: { first_name: 'x'.repeat(1_100_000) } })),
      await raw('code=030', 'text/plain'),
      await sendEvent(app, receiver.key, invoiceId, { code: '034' }),
    ];
    expectDeclared(`${RECEPTIONS}/{id}/events`, 'post', answers, [201, 400, 401, 403, 404, 409, 413, 415, 422]);
  });

  it('lists the acceptance problem codes at /errors', async () => {
    const errors = await http(app.baseUrl, 'GET', '/errors');
    for (const code of ['event_not_allowed', 'invoice_not_numbered', 'events_unavailable']) expect(errors.text).to.contain(code);
  });
});
