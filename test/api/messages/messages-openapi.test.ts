import { expect } from 'chai';
import { http, type HttpAnswer } from '../../support/http.ts';
import type { TestApp } from '../../support/test-app.ts';
import { expectSchema } from '../../support/api-test-helpers.ts';
import { messagingTenant, registerBrand, startMessagingApp } from '../../support/messaging-app.ts';
import { base64, otpRequest, postMessage } from './message-test-helpers.ts';

/** Every status the messages routes answer is declared on the operation in /openapi.json, with its schema. */
describe('messages face answers match /openapi.json', () => {
  let app: TestApp;
  let openapi: Record<string, any>;

  before(async () => {
    app = await startMessagingApp({ MESSAGES_RATE_LIMIT: '15' });
    openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
  });
  after(() => app.close());

  function expectDeclared(path: string, method: string, answer: HttpAnswer): void {
    const responses = openapi.paths[path][method].responses as Record<string, any>;
    expect(Object.keys(responses), `${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 160)}`).to.include(String(answer.status));
    const declared = responses[String(answer.status)];
    if (!declared.content) return;
    const [mediaType] = Object.keys(declared.content);
    expect(answer.headers.get('content-type')).to.contain(mediaType);
    expectSchema(declared.content[mediaType].schema.$ref.split('/').pop(), answer.body);
  }

  it('POST /v1/messages: 200, 202, 400, 401, 403, 404, 413, 415, 422, 429', async () => {
    const tenant = await messagingTenant(app);
    const reader = await app.createKey(tenant.tenantId, ['invoices:read'], 'live');
    await registerBrand(app, tenant.tenantId);
    const huge = Buffer.alloc(13 * 1024 * 1024, 1).toString('base64');
    const answers = [
      await postMessage(app, tenant.key, otpRequest(), { 'Idempotency-Key': 'contract' }),
      await postMessage(app, tenant.key, otpRequest(), { 'Idempotency-Key': 'contract' }),
      await http(app.baseUrl, 'POST', '/v1/messages', { key: tenant.key, rawBody: '{' }),
      await postMessage(app, undefined, otpRequest()),
      await postMessage(app, reader.key, otpRequest()),
      await postMessage(app, tenant.key, otpRequest({ brand: 'nope' })),
      await postMessage(app, tenant.key, otpRequest({ content: { attachments: [{ filename: 'a', content: huge }] } })),
      await http(app.baseUrl, 'POST', '/v1/messages', { key: tenant.key, rawBody: 'x', headers: { 'Content-Type': 'text/plain' } }),
      await postMessage(app, tenant.key, otpRequest({ data: {} })),
      await postMessage(app, tenant.key, otpRequest({ content: { attachments: [{ filename: 'a', content: `data:;base64,${base64('x')}` }] } })),
    ];
    let limited: HttpAnswer | undefined;
    for (let i = 0; i < 20 && !limited; i += 1) {
      const answer = await postMessage(app, tenant.key, otpRequest());
      if (answer.status === 429) limited = answer;
    }
    answers.push(limited!);
    expect(answers.map((a) => a.status)).to.deep.equal([202, 200, 400, 401, 403, 404, 413, 415, 422, 422, 429]);
    for (const answer of answers) expectDeclared('/v1/messages', 'post', answer);
  });

  it('GET /v1/messages/{id} (200, 401, 403, 404) and GET /v1/templates (200, 401, 403)', async () => {
    const tenant = await messagingTenant(app, { nit: '800197268' });
    const reader = await app.createKey(tenant.tenantId, ['invoices:read'], 'live');
    const { body } = await postMessage(app, tenant.key, otpRequest());
    for (const [path, concrete, statuses] of [
      ['/v1/messages/{id}', `/v1/messages/${body.id}`, [200, 401, 403]],
      ['/v1/templates', '/v1/templates', [200, 401, 403]],
    ] as const) {
      const answers = [
        await http(app.baseUrl, 'GET', concrete, { key: tenant.key }),
        await http(app.baseUrl, 'GET', concrete),
        await http(app.baseUrl, 'GET', concrete, { key: reader.key }),
      ];
      expect(answers.map((a) => a.status)).to.deep.equal(statuses);
      for (const answer of answers) expectDeclared(path, 'get', answer);
    }
    const missing = await http(app.baseUrl, 'GET', '/v1/messages/msg_00000000000000000000000000000000', { key: tenant.key });
    expectDeclared('/v1/messages/{id}', 'get', missing);
  });

  it('the e-mail operation is declared for the five emission families, not for payrolls', () => {
    const emailPaths = Object.keys(openapi.paths).filter((path) => path.endsWith('/email'));
    expect(emailPaths).to.deep.equal([
      '/invoices/v1/sales-invoices/{id}/email',
      '/invoices/v1/credit-notes/{id}/email',
      '/invoices/v1/debit-notes/{id}/email',
      '/invoices/v1/support-documents/{id}/email',
      '/invoices/v1/adjustment-notes/{id}/email',
    ]);
  });
});
