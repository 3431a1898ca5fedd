import { expect } from 'chai';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { OutgoingMail } from '../../../application/ports/mail-transport.ts';
import { OutboxMailTransport } from '../../../infrastructure/mail/outbox-mail-transport.ts';
import { SmtpMailTransport } from '../../../infrastructure/mail/smtp-mail-transport.ts';
import { newDataDir } from '../../support/messaging-app.ts';
import { SmtpTestServer } from '../../support/smtp-test-server.ts';

const mail = (): OutgoingMail => ({
  messageId: 'msg_00000000000000000000000000000001',
  from: { name: 'ACME Facturación', address: 'facturas@emisor.example' },
  to: ['ana@example.com', 'luis@example.com'],
  replyTo: 'soporte@acme.example',
  subject: 'Asunto con tildes: Facturación',
  html: '<p>Hola</p>',
  text: 'Hola',
  attachments: [{ filename: 'factura.zip', content: Buffer.from([0x50, 0x4b, 3, 4, 0, 255, 1]) }],
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mail transports', () => {
  let smtp: SmtpTestServer;
  let transport: SmtpMailTransport;

  before(async () => {
    smtp = await SmtpTestServer.start();
    transport = new SmtpMailTransport(smtp.url);
  });
  after(async () => {
    await transport.close();
    await smtp.close();
  });

  it('given a relay that accepts, then sent, and what arrives has the sender, recipients, reply-to, parts, Message-ID and attachment bytes', async () => {
    const outcome = await transport.send(mail());
    expect(outcome).to.deep.include({ kind: 'sent', rejected: [] });
    const [{ mail: received, recipients }] = await smtp.waitFor(1);
    expect(recipients).to.deep.equal(['ana@example.com', 'luis@example.com']);
    expect(received.from?.value).to.deep.equal([{ address: 'facturas@emisor.example', name: 'ACME Facturación' }]);
    expect(received.replyTo?.value[0].address).to.equal('soporte@acme.example');
    expect(received.subject).to.equal('Asunto con tildes: Facturación');
    expect(received.html).to.contain('<p>Hola</p>');
    expect(received.text?.trim()).to.equal('Hola');
    expect(received.messageId).to.equal('<msg_00000000000000000000000000000001@emisor.example>');
    expect(received.attachments.map((a) => [a.filename, [...a.content]])).to.deep.equal([['factura.zip', [0x50, 0x4b, 3, 4, 0, 255, 1]]]);
  });

  it('given a 4xx answer, then a temporary outcome; given a 5xx answer, then a permanent one', async () => {
    smtp.replyNext(451);
    const temporary = await transport.send(mail());
    smtp.replyNext(550);
    const permanent = await transport.send(mail());
    expect(temporary.kind).to.equal('temporary');
    expect(permanent.kind).to.equal('permanent');
    expect(temporary.kind === 'temporary' && temporary.error).to.contain('451');
    expect(permanent.kind === 'permanent' && permanent.error).to.contain('550');
  });

  it('given nothing listening (connection refused), then a temporary outcome', async () => {
    const refused = new SmtpMailTransport(`smtp://127.0.0.1:${await freePort()}`);
    const outcome = await refused.send(mail());
    await refused.close();
    expect(outcome.kind).to.equal('temporary');
  });

  it('given a server that never greets (timeout), then a temporary outcome', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = new SmtpMailTransport(`smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, { greetingTimeoutMs: 200, connectionTimeoutMs: 200 });
    const outcome = await slow.send(mail());
    await slow.close();
    silent.close();
    expect(outcome.kind).to.equal('temporary');
    expect(outcome.kind === 'temporary' && outcome.error).to.match(/ETIMEDOUT|timeout/i);
  });

  it('given the outbox transport, then a parseable .eml named after the message id, rewritten (not duplicated) on a retry', async () => {
    const dir = newDataDir();
    const outbox = new OutboxMailTransport(join(dir, 'outbox'));
    expect((await outbox.send(mail())).kind).to.equal('sent');
    expect((await outbox.send(mail())).kind).to.equal('sent');
    expect(readdirSync(join(dir, 'outbox'))).to.deep.equal(['msg_00000000000000000000000000000001.eml']);
    const parsed = await simpleParser(readFileSync(join(dir, 'outbox', 'msg_00000000000000000000000000000001.eml')));
    expect(parsed.subject).to.equal('Asunto con tildes: Facturación');
    expect(parsed.from?.value[0]).to.deep.equal({ address: 'facturas@emisor.example', name: 'ACME Facturación' });
    expect([...parsed.attachments[0].content]).to.deep.equal([0x50, 0x4b, 3, 4, 0, 255, 1]);
    rmSync(dir, { recursive: true, force: true });
  });
});
