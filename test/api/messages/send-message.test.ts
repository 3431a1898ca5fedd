import { expect } from 'chai';
import { expectSchema } from '../../support/api-test-helpers.ts';
import type { TestApp } from '../../support/test-app.ts';
import { invoiceData, messagingTenant, registerBrand, SENDER, startMessagingApp, type MessagingTenant } from '../../support/messaging-app.ts';
import { SmtpTestServer } from '../../support/smtp-test-server.ts';
import { base64, getMessage, otpRequest, postMessage } from './message-test-helpers.ts';

describe('POST /v1/messages delivered to a real SMTP server', () => {
  let smtp: SmtpTestServer;
  let app: TestApp;
  let tenant: MessagingTenant;

  before(async () => {
    smtp = await SmtpTestServer.start();
    app = await startMessagingApp({ SMTP_URL: smtp.url });
    tenant = await messagingTenant(app);
    await registerBrand(app, tenant.tenantId);
  });
  after(async () => {
    await app.close();
    await smtp.close();
  });

  it('given a complete request with content overrides and attachments, then 202 queued, and the e-mail that arrives has all of it', async () => {
    const pdf = Buffer.from('%PDF-1.7 fake pdf bytes \u0000\u00ff', 'latin1');
    const answer = await postMessage(app, tenant.key, {
      channel: 'email',
      to: ['ana@example.com', 'luis@example.com'],
      template: { slug: 'factura-electronica', design: 'clasico' },
      brand: 'acme',
      data: invoiceData(),
      content: {
        subject: 'Su factura SETP990000001',
        fromName: 'Cartera ACME',
        replyTo: 'cartera@acme.example',
        attachments: [
          { filename: 'factura.pdf', content: base64(pdf) },
          { filename: 'notas.txt', content: base64('gracias') },
        ],
      },
    });
    expect(answer.status, answer.text).to.equal(202);
    expect(answer.body).to.deep.equal({ id: answer.body.id, status: 'queued' });
    expect(answer.body.id).to.match(/^msg_[0-9a-f]{32}$/);
    expect(answer.headers.get('location')).to.equal(`/v1/messages/${answer.body.id}`);
    expectSchema('MessageAccepted', answer.body);

    const [{ mail, recipients }] = await smtp.waitFor(1);
    expect(mail.subject).to.equal('Su factura SETP990000001');
    expect(recipients).to.deep.equal(['ana@example.com', 'luis@example.com']);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value.map((a) => a.address)).to.deep.equal(['ana@example.com', 'luis@example.com']);
    expect(mail.from?.value).to.deep.equal([{ address: SENDER, name: 'Cartera ACME' }]);
    expect(mail.replyTo?.value.map((a) => a.address)).to.deep.equal(['cartera@acme.example']);
    expect(mail.html).to.contain('SETP990000001').and.contain('https://cdn.acme.example/logo.png').and.contain('#123456').and.contain('ACME S.A.S.');
    expect(mail.html).to.contain('Georgia'); // the clasico design
    expect(mail.text).to.contain('Total a pagar: $ 83.300,00').and.contain('NIT 900825759-7');
    expect(mail.attachments.map((a) => a.filename)).to.deep.equal(['factura.pdf', 'notas.txt']);
    expect(mail.attachments[0].content.equals(pdf)).to.equal(true);
    expect(mail.attachments[1].content.toString()).to.equal('gracias');
  });

  it('given the message was delivered, then GET answers sent with its events, oldest first', async () => {
    const { body } = await postMessage(app, tenant.key, otpRequest());
    await app.settle();
    const answer = await getMessage(app, tenant.key, body.id);
    expect(answer.status).to.equal(200);
    expectSchema('Message', answer.body);
    expect(answer.body).to.deep.include({ id: body.id, status: 'sent', to: ['ana@example.com'], template: { slug: 'codigo-otp', design: 'moderno' }, brand: 'default', attempts: 1 });
    expect(answer.body.events.map((e: { type: string }) => e.type)).to.deep.equal(['queued', 'attempt_started', 'sent']);
    const times = answer.body.events.map((e: { at: string }) => e.at);
    expect([...times].sort()).to.deep.equal(times);
    expect(answer.body.events[2].response).to.match(/^250/);
  });

  it('given no brand, then the default brand (here the company’s own, from its registration) and its sender name', async () => {
    const before = smtp.received.length;
    await postMessage(app, tenant.key, otpRequest());
    const mail = (await smtp.waitFor(before + 1))[before].mail;
    expect(mail.from?.value[0]).to.deep.equal({ address: SENDER, name: 'Trade 900825759' });
    expect(mail.text).to.contain('Company 900825759 · NIT 900825759-7');
  });

  it('given a registered default brand, then it is used when the request names none', async () => {
    const other = await messagingTenant(app, { nit: '800197268' });
    await registerBrand(app, other.tenantId, { slug: 'default', name: 'Marca Predeterminada' });
    const before = smtp.received.length;
    await postMessage(app, other.key, otpRequest());
    const mail = (await smtp.waitFor(before + 1))[before].mail;
    expect(mail.from?.value[0].name).to.equal('Marca Predeterminada');
  });

  it('given each design, then the HTML differs while the data stays', async () => {
    const before = smtp.received.length;
    for (const design of ['clasico', 'moderno', 'minimal']) {
      const answer = await postMessage(app, tenant.key, otpRequest({ template: { slug: 'codigo-otp', design }, brand: 'acme' }));
      expect(answer.status, design).to.equal(202);
    }
    const mails = (await smtp.waitFor(before + 3)).slice(before).map((r) => r.mail);
    expect(new Set(mails.map((m) => m.html)).size).to.equal(3);
    for (const mail of mails) expect(mail.html).to.contain('482913');
  });
});
