import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { TestApp } from '../../support/test-app.ts';
import { messagingTenant, SENDER, startMessagingApp } from '../../support/messaging-app.ts';
import { base64, getMessage, otpRequest, postMessage } from './message-test-helpers.ts';

describe('messages on the embedded default (no SMTP_URL): .eml files in DATA_DIR/outbox', () => {
  let app: TestApp;

  before(async () => {
    app = await startMessagingApp();
  });
  after(() => app.close());

  it('given a message, then it is sent into <DATA_DIR>/outbox/<id>.eml, a complete MIME message', async () => {
    const tenant = await messagingTenant(app);
    const { body } = await postMessage(app, tenant.key, otpRequest({ content: { attachments: [{ filename: 'hola.txt', content: base64('hola') }] } }));
    await app.settle();
    const file = join(app.config.dataDir, 'outbox', `${body.id}.eml`);
    expect(existsSync(file)).to.equal(true);
    const mail = await simpleParser(readFileSync(file));
    expect(mail.from?.value[0].address).to.equal(SENDER);
    expect(mail.subject).to.contain('código de verificación');
    expect(mail.text).to.contain('482913');
    expect(mail.attachments[0].content.toString()).to.equal('hola');
    const message = (await getMessage(app, tenant.key, body.id)).body;
    expect(message.status).to.equal('sent');
    expect(message.events.at(-1).response).to.contain(`${body.id}.eml`);
  });
});
