import { expect } from 'chai';
import { expectSchema } from '../../support/api-test-helpers.ts';
import type { TestApp } from '../../support/test-app.ts';
import { messagingTenant, startMessagingApp, type MessagingTenant } from '../../support/messaging-app.ts';
import { SmtpTestServer } from '../../support/smtp-test-server.ts';
import { expectMessageProblem, otpRequest, postMessage } from './message-test-helpers.ts';

describe('POST /v1/messages idempotency (header or body, up to 128 characters)', () => {
  let smtp: SmtpTestServer;
  let app: TestApp;
  let tenant: MessagingTenant;

  before(async () => {
    smtp = await SmtpTestServer.start();
    app = await startMessagingApp({ SMTP_URL: smtp.url });
    tenant = await messagingTenant(app);
  });
  after(async () => {
    await app.close();
    await smtp.close();
  });

  it('given a new key in the header, then 202; the same key again, then 200 with the same message, and one e-mail only', async () => {
    const key = 'otp-login-2026-03-01-0001';
    const first = await postMessage(app, tenant.key, otpRequest(), { 'Idempotency-Key': key });
    expect(first.status).to.equal(202);
    await app.settle();
    const again = await postMessage(app, tenant.key, otpRequest({ to: 'otra@example.com' }), { 'Idempotency-Key': key });
    expect(again.status).to.equal(200);
    expectSchema('Message', again.body);
    expect(again.body).to.deep.include({ id: first.body.id, status: 'sent', to: ['ana@example.com'], idempotencyKey: key });
    expect(again.body.events.map((e: { type: string }) => e.type)).to.deep.equal(['queued', 'attempt_started', 'sent']);
    await app.settle();
    expect(smtp.received.filter((r) => r.recipients.includes('otra@example.com'))).to.have.length(0);
  });

  it('given the key in the body field idempotencyKey, then the same rule; header and body with the same key agree', async () => {
    const key = 'x'.repeat(128);
    const first = await postMessage(app, tenant.key, otpRequest({ idempotencyKey: key }));
    const second = await postMessage(app, tenant.key, otpRequest({ idempotencyKey: key }), { 'Idempotency-Key': key });
    expect([first.status, second.status]).to.deep.equal([202, 200]);
    expect(second.body.id).to.equal(first.body.id);
  });

  it('given concurrent requests with one key, then exactly one 202 and one message', async () => {
    const to = 'concurrente@example.com';
    const answers = await Promise.all(Array.from({ length: 8 }, () => postMessage(app, tenant.key, otpRequest({ to }), { 'Idempotency-Key': 'concurrent-key' })));
    expect(answers.filter((a) => a.status === 202)).to.have.length(1);
    expect(answers.filter((a) => a.status === 200)).to.have.length(7);
    expect(new Set(answers.map((a) => a.body.id)).size).to.equal(1);
    await app.settle();
    expect(smtp.received.filter((r) => r.recipients.includes(to))).to.have.length(1);
  });

  it('given the same key from another company, then it is another message', async () => {
    const other = await messagingTenant(app, { nit: '800197268' });
    const mine = await postMessage(app, tenant.key, otpRequest(), { 'Idempotency-Key': 'shared-key' });
    const theirs = await postMessage(app, other.key, otpRequest(), { 'Idempotency-Key': 'shared-key' });
    expect([mine.status, theirs.status]).to.deep.equal([202, 202]);
    expect(theirs.body.id).not.to.equal(mine.body.id);
  });

  it('given a key over 128 characters, or header and body that differ, then 422 SOLICITUD_INVALIDA naming it', async () => {
    const long = expectMessageProblem(await postMessage(app, tenant.key, otpRequest(), { 'Idempotency-Key': 'k'.repeat(129) }), 422, 'SOLICITUD_INVALIDA');
    expect(long.errors[0].field).to.equal('Idempotency-Key');
    const longBody = expectMessageProblem(await postMessage(app, tenant.key, otpRequest({ idempotencyKey: 'k'.repeat(129) })), 422, 'SOLICITUD_INVALIDA');
    expect(longBody.errors[0].field).to.equal('idempotencyKey');
    const differ = expectMessageProblem(await postMessage(app, tenant.key, otpRequest({ idempotencyKey: 'a-key' }), { 'Idempotency-Key': 'b-key' }), 422, 'SOLICITUD_INVALIDA');
    expect(differ.errors[0].field).to.equal('idempotencyKey');
  });
});
