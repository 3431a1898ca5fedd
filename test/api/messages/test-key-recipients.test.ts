import { expect } from 'chai';
import type { TestApp } from '../../support/test-app.ts';
import { CLI, messagingTenant, startMessagingApp } from '../../support/messaging-app.ts';
import { SmtpTestServer } from '../../support/smtp-test-server.ts';
import { getMessage, otpRequest, postMessage } from './message-test-helpers.ts';

describe('test keys reach only the authorized recipients', () => {
  let smtp: SmtpTestServer;
  let app: TestApp;

  before(async () => {
    smtp = await SmtpTestServer.start();
    app = await startMessagingApp({ SMTP_URL: smtp.url });
  });
  after(async () => {
    await app.close();
    await smtp.close();
  });

  it('given a test key and a recipient off the list, then 202 blocked with statusDetail, nothing sent, and GET shows it blocked', async () => {
    const tenant = await messagingTenant(app, { environment: 'test' });
    await app.container.messages.recipients.allow(tenant.tenantId, 'qa@acme.example', CLI);
    const answer = await postMessage(app, tenant.key, otpRequest({ to: ['qa@acme.example', 'cliente@real.example'] }));
    expect(answer.status).to.equal(202);
    expect(answer.body.status).to.equal('blocked');
    expect(answer.body.statusDetail).to.contain('cliente@real.example').and.not.contain('qa@acme.example');
    await app.settle();
    expect(smtp.received).to.have.length(0);
    const stored = await getMessage(app, tenant.key, answer.body.id);
    expect(stored.body).to.deep.include({ status: 'blocked', statusDetail: answer.body.statusDetail, attempts: 0 });
    expect(stored.body.events.map((e: { type: string }) => e.type)).to.deep.equal(['blocked']);
  });

  it('given a test key and only authorized recipients (any letter case), then queued and delivered', async () => {
    const tenant = await messagingTenant(app, { environment: 'test', nit: '800197268' });
    await app.container.messages.recipients.allow(tenant.tenantId, 'QA@Acme.example', CLI);
    const answer = await postMessage(app, tenant.key, otpRequest({ to: 'qa@ACME.example' }));
    expect(answer.body.status).to.equal('queued');
    await smtp.waitFor(1);
    expect(smtp.received[0].recipients.map((address) => address.toLowerCase())).to.deep.equal(['qa@acme.example']);
  });

  it('given an address removed from the list, then it is blocked again; live keys are never restricted', async () => {
    const tenant = await messagingTenant(app, { environment: 'test', nit: '860069804' });
    await app.container.messages.recipients.allow(tenant.tenantId, 'qa@acme.example', CLI);
    await app.container.messages.recipients.remove(tenant.tenantId, 'qa@acme.example', CLI);
    expect((await postMessage(app, tenant.key, otpRequest({ to: 'qa@acme.example' }))).body.status).to.equal('blocked');
    const live = await app.createKey(tenant.tenantId, ['messages:send'], 'live');
    expect((await postMessage(app, live.key, otpRequest({ to: 'cliente@real.example' }))).body.status).to.equal('queued');
  });
});
