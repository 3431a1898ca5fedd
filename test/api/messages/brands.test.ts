import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../support/test-app.ts';
import { CLI, messagingTenant, registerBrand, startMessagingApp } from '../../support/messaging-app.ts';
import { SmtpTestServer } from '../../support/smtp-test-server.ts';
import { expectMessageProblem, otpRequest, postMessage } from './message-test-helpers.ts';

describe('brands decide which applications may send with them; attachments travel byte for byte', () => {
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

  it('given a brand for one application, then that key sends with it, another key gets 404 until the operator authorizes it', async () => {
    const tenant = await messagingTenant(app);
    const pos = await app.createKey(tenant.tenantId, ['messages:send'], 'live');
    await registerBrand(app, tenant.tenantId, { slug: 'tienda', name: 'Tienda', allApplications: false, applications: [tenant.keyId] });
    expect((await postMessage(app, tenant.key, otpRequest({ brand: 'tienda' }))).status).to.equal(202);
    expectMessageProblem(await postMessage(app, pos.key, otpRequest({ brand: 'tienda' })), 404, 'MARCA_NO_ENCONTRADA');
    await app.container.messages.brands.authorize(tenant.tenantId, 'tienda', pos.keyId, CLI);
    expect((await postMessage(app, pos.key, otpRequest({ brand: 'tienda' }))).status).to.equal(202);
  });

  it('given a registered default brand not open to the caller, then a request without brand gets 404 too', async () => {
    const tenant = await messagingTenant(app, { nit: '800197268' });
    await registerBrand(app, tenant.tenantId, { slug: 'default', allApplications: false, applications: ['another-key'] });
    expectMessageProblem(await postMessage(app, tenant.key, otpRequest()), 404, 'MARCA_NO_ENCONTRADA');
  });

  it('given a 3 MB attachment (stored in several chunks), then the relay receives exactly its bytes', async () => {
    const tenant = await messagingTenant(app, { nit: '860069804' });
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const answer = await postMessage(app, tenant.key, otpRequest({ to: 'grande@example.com', content: { attachments: [{ filename: 'grande.bin', content: bytes.toString('base64') }] } }));
    expect(answer.status).to.equal(202);
    await app.settle();
    const received = smtp.received.find((r) => r.recipients.includes('grande@example.com'))!;
    expect(received.mail.attachments[0].content.equals(bytes)).to.equal(true);
  });
});
