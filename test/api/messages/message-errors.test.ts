import { expect } from 'chai';
import { http } from '../../support/http.ts';
import type { TestApp } from '../../support/test-app.ts';
import { invoiceData, messagingTenant, registerBrand, startMessagingApp, type MessagingTenant } from '../../support/messaging-app.ts';
import { SmtpTestServer } from '../../support/smtp-test-server.ts';
import { base64, expectMessageProblem, getMessage, otpRequest, postMessage } from './message-test-helpers.ts';

/** Every error the messages face answers carries `codigo`; each code of seed 002 (and ours) is produced here. */
describe('messages face errors (codigo)', () => {
  let smtp: SmtpTestServer;
  let app: TestApp;
  let tenant: MessagingTenant;

  before(async () => {
    smtp = await SmtpTestServer.start();
    app = await startMessagingApp({ SMTP_URL: smtp.url, MESSAGES_RATE_LIMIT: '1000' });
    tenant = await messagingTenant(app);
    await registerBrand(app, tenant.tenantId, { slug: 'solo-pos', allApplications: false, applications: ['some-other-key'] });
  });
  after(async () => {
    await app.close();
    await smtp.close();
  });

  it('VARIABLES_FALTANTES (422): lists each missing variable, nested and in rows, in `variables` and errors[]', async () => {
    const data = { ...invoiceData(), numero: '', cliente: {}, resumen: [{ etiqueta: 'IVA' }] } as Record<string, unknown>;
    delete data.cufe;
    const body = expectMessageProblem(await postMessage(app, tenant.key, otpRequest({ template: { slug: 'factura-electronica' }, data })), 422, 'VARIABLES_FALTANTES');
    expect(body.code).to.equal('missing_variables');
    expect(body.variables).to.deep.equal(['numero', 'cliente.nombre', 'resumen[0].valor', 'cufe']);
    expect(body.errors.map((e: { field: string }) => e.field)).to.deep.equal(['data.numero', 'data.cliente.nombre', 'data.resumen[0].valor', 'data.cufe']);
  });

  it('VARIABLES_INVALIDAS (422): a variable of the wrong type is named', async () => {
    const body = expectMessageProblem(await postMessage(app, tenant.key, otpRequest({ data: { ...otpRequest().data, vigenciaMinutos: 'diez' } })), 422, 'VARIABLES_INVALIDAS');
    expect(body.errors).to.deep.equal([{ field: 'data.vigenciaMinutos', message: 'must be an integer' }]);
  });

  it('MARCA_NO_ENCONTRADA (404): an unknown brand, and a brand not authorized for the calling application, answer alike', async () => {
    const unknown = expectMessageProblem(await postMessage(app, tenant.key, otpRequest({ brand: 'no-such-brand' })), 404, 'MARCA_NO_ENCONTRADA');
    const unauthorized = expectMessageProblem(await postMessage(app, tenant.key, otpRequest({ brand: 'solo-pos' })), 404, 'MARCA_NO_ENCONTRADA');
    expect(unknown.code).to.equal('brand_not_found');
    expect(unauthorized.title).to.equal(unknown.title);
  });

  it('MARCA_NO_ENCONTRADA also for another company’s brand', async () => {
    const other = await messagingTenant(app, { nit: '800197268' });
    await registerBrand(app, other.tenantId, { slug: 'ajena' });
    expectMessageProblem(await postMessage(app, tenant.key, otpRequest({ brand: 'ajena' })), 404, 'MARCA_NO_ENCONTRADA');
  });

  it('DEMASIADOS_ADJUNTOS, ADJUNTOS_DEMASIADO_GRANDES, ADJUNTO_INVALIDO (422): each names the violation', async () => {
    const file = (content: string, filename = 'a.txt') => ({ filename, content });
    const many = expectMessageProblem(
      await postMessage(app, tenant.key, otpRequest({ content: { attachments: Array.from({ length: 11 }, () => file(base64('x'))) } })),
      422,
      'DEMASIADOS_ADJUNTOS',
    );
    expect(many.errors).to.deep.equal([{ field: 'content.attachments', message: 'must hold at most 10 attachments; got 11' }]);

    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString('base64');
    const large = expectMessageProblem(await postMessage(app, tenant.key, otpRequest({ content: { attachments: [file(big), file(big)] } })), 422, 'ADJUNTOS_DEMASIADO_GRANDES');
    expect(large.errors[0].field).to.equal('content.attachments');

    const prefixed = expectMessageProblem(
      await postMessage(app, tenant.key, otpRequest({ content: { attachments: [file(base64('ok')), file(`data:text/plain;base64,${base64('x')}`)] } })),
      422,
      'ADJUNTO_INVALIDO',
    );
    expect(prefixed.errors).to.deep.equal([{ field: 'content.attachments[1].content', message: 'must be plain base64, without a data: prefix' }]);
    expect(smtp.received).to.have.length(0);
  });

  it('SOLICITUD_INVALIDA (422): the shape of the request, each field named (unknown template, design, channel, bad address)', async () => {
    const body = expectMessageProblem(
      await postMessage(app, tenant.key, { channel: 'sms', to: ['no-es-correo'], template: { slug: 'bienvenida', design: 'retro' }, data: {}, extra: 1 }),
      422,
      'SOLICITUD_INVALIDA',
    );
    const fields = body.errors.map((e: { field: string }) => e.field);
    for (const field of ['channel', 'to[0]', 'template.slug', 'template.design', 'extra']) expect(fields).to.include(field);
    expect(body.errors).to.deep.include({ field: 'channel', message: 'must be one of "email"' });
  });

  it('NO_AUTORIZADO (401), PERMISO_INSUFICIENTE (403) without messages:send, on every messages route', async () => {
    const invoicesOnly = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');
    for (const [method, path] of [['POST', '/v1/messages'], ['GET', '/v1/messages/msg_0'], ['GET', '/v1/templates']]) {
      expectMessageProblem(await http(app.baseUrl, method, path, { body: method === 'POST' ? otpRequest() : undefined }), 401, 'NO_AUTORIZADO');
      const forbidden = expectMessageProblem(await http(app.baseUrl, method, path, { key: invoicesOnly.key, body: method === 'POST' ? otpRequest() : undefined }), 403, 'PERMISO_INSUFICIENTE');
      expect(forbidden.required_scope).to.equal('messages:send');
    }
  });

  it('MENSAJE_NO_ENCONTRADO (404): an unknown id, a malformed id, and another company’s message', async () => {
    expectMessageProblem(await getMessage(app, tenant.key, 'msg_00000000000000000000000000000000'), 404, 'MENSAJE_NO_ENCONTRADO');
    expectMessageProblem(await getMessage(app, tenant.key, 'nope'), 404, 'MENSAJE_NO_ENCONTRADO');
    const other = await messagingTenant(app, { nit: '860069804' });
    const theirs = await postMessage(app, other.key, otpRequest());
    expectMessageProblem(await getMessage(app, tenant.key, theirs.body.id), 404, 'MENSAJE_NO_ENCONTRADO');
  });

  it('JSON_INVALIDO (400), TIPO_DE_CONTENIDO_NO_ADMITIDO (415), and NO_ENCONTRADO for an operation that does not exist', async () => {
    expectMessageProblem(await http(app.baseUrl, 'POST', '/v1/messages', { key: tenant.key, rawBody: '{"to":' }), 400, 'JSON_INVALIDO');
    expectMessageProblem(await http(app.baseUrl, 'POST', '/v1/messages', { key: tenant.key, rawBody: 'to=x', headers: { 'Content-Type': 'text/plain' } }), 415, 'TIPO_DE_CONTENIDO_NO_ADMITIDO');
    expectMessageProblem(await http(app.baseUrl, 'DELETE', '/v1/messages/msg_0', { key: tenant.key }), 404, 'NO_ENCONTRADO');
  });

  it('ERROR_INTERNO (500): a failure on the service side is a problem with codigo, without internals', async () => {
    const original = app.container.messages.sendMessage.execute;
    app.container.messages.sendMessage.execute = async () => {
      throw new Error('disk on fire at /var/secret');
    };
    try {
      const body = expectMessageProblem(await postMessage(app, tenant.key, otpRequest()), 500, 'ERROR_INTERNO');
      expect(JSON.stringify(body)).not.to.contain('secret');
    } finally {
      app.container.messages.sendMessage.execute = original;
    }
  });
});

describe('messages face send limits (429)', () => {
  let app: TestApp;

  before(async () => {
    app = await startMessagingApp({ MESSAGES_RATE_LIMIT: '3', MESSAGES_RATE_WINDOW_SECONDS: '60' });
  });
  after(() => app.close());

  it('given a key past its limit for the window, then 429 LIMITE_DE_ENVIOS with Retry-After; another key is not affected', async () => {
    const tenant = await messagingTenant(app);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await postMessage(app, tenant.key, otpRequest())).status);
    expect(statuses).to.deep.equal([202, 202, 202]);
    const limited = await postMessage(app, tenant.key, otpRequest());
    const body = expectMessageProblem(limited, 429, 'LIMITE_DE_ENVIOS');
    expect(body.code).to.equal('send_limit_exceeded');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 60);

    const second = await app.createKey(tenant.tenantId, ['messages:send'], 'live');
    expect((await postMessage(app, second.key, otpRequest())).status).to.equal(202);
  });
});
