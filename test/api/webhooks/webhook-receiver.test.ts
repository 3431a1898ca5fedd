import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signatureOf } from '../../../application/webhooks/webhook-signature.ts';
import type { Scope } from '../../../domain/tenancy/scopes.ts';
import { createInvoice } from '../../support/api-test-helpers.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';
import { FakeWebhookObjects } from '../../support/webhooks/fake-webhook-objects.ts';
import { InMemoryWebhookDirectory, testSecret } from '../../support/webhooks/in-memory-webhook-directory.ts';

const SECRET = testSecret('whe_receiver');
const SCOPES: Scope[] = ['invoices:read', 'invoices:write'];

/** A receiver over real HTTP that checks every delivery the Standard Webhooks way, and fails the first `failFirst` attempts of each event. */
class Receiver {
  readonly accepted: Array<{ id: string; type: string; subject: string }> = [];
  readonly attempts = new Map<string, number>();
  readonly badSignatures: string[] = [];
  wrongSecretVerified = 0;
  failFirst = 0;
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        const timestamp = Number(req.headers['webhook-timestamp']);
        const signatures = String(req.headers['webhook-signature']).split(' ');
        if (!signatures.includes(signatureOf(SECRET, id, timestamp, body))) this.badSignatures.push(id);
        if (signatures.includes(signatureOf(testSecret('not the secret'), id, timestamp, body))) this.wrongSecretVerified += 1;
        const attempt = (this.attempts.get(id) ?? 0) + 1;
        this.attempts.set(id, attempt);
        if (attempt <= this.failFirst) return void res.writeHead(500).end('try later');
        const payload = JSON.parse(body);
        this.accepted.push({ id, type: payload.type, subject: payload.data.object.id });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/webhooks`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
    this.server = undefined;
  }

  /** The event types each subject received, in arrival order. */
  typesBySubject(): Map<string, string[]> {
    const bySubject = new Map<string, string[]>();
    for (const { subject, type } of this.accepted) bySubject.set(subject, [...(bySubject.get(subject) ?? []), type]);
    return bySubject;
  }
}

describe('webhook delivery to a receiver over HTTP (Standard Webhooks)', function () {
  this.timeout(180_000);
  let dataDir: string;
  let clock: FixedClock;
  let directory: InMemoryWebhookDirectory;
  let receiver: Receiver;
  let app: TestApp | undefined;

  const open = () =>
    startTestApp(
      { DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: 'true' },
      { clock, webhooks: { directory, objects: new FakeWebhookObjects(), schedulerIntervalMs: 3_600_000 } },
    );
  async function tick(): Promise<void> {
    await app!.settle();
    await app!.container.webhookDelivery!.scheduler.tick();
    await app!.container.webhookDelivery!.pool.idle();
    await app!.settle();
  }
  /** Moves the clock through the retry schedule (5 s, then 5 min), polling after each step, until `done`. */
  async function retryUntil(done: () => boolean, rounds = 12): Promise<void> {
    for (let round = 0; round < rounds && !done(); round += 1) {
      clock.advance(round % 2 === 0 ? 5_000 : 5 * 60_000);
      await tick();
    }
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'webhook-receiver-'));
    clock = new FixedClock('2026-03-01T12:00:00.000Z');
    directory = new InMemoryWebhookDirectory();
    receiver = new Receiver();
    await receiver.start();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given 100 invoices and a receiver answering 500 to the first two attempts of every event, then every event arrives, signed, in order per invoice, with one webhook-id per event', async () => {
    receiver.failFirst = 2;
    app = await open();
    const tenant = await app.createTenant({ scopes: SCOPES });
    directory.add({ id: 'whe_receiver', tenantId: tenant.tenantId, url: receiver.url, events: ['document.created', 'document.sent', 'document.validated'] }, { secrets: [SECRET] });
    const invoices: string[] = [];
    for (let n = 0; n < 100; n += 1) invoices.push((await createInvoice(app, tenant.key)).id);
    await tick();
    await retryUntil(() => receiver.accepted.length === 300, 20);

    const bySubject = receiver.typesBySubject();
    expect([...bySubject.keys()].sort()).to.deep.equal([...invoices].sort());
    for (const id of invoices) expect(bySubject.get(id), id).to.deep.equal(['document.created', 'document.sent', 'document.validated']);
    expect(receiver.accepted).to.have.length(300);
    expect([...receiver.attempts.values()].every((count) => count === 3), 'each event: two 500s, then accepted, under one webhook-id').to.equal(true);
    expect(receiver.attempts.size).to.equal(300);
    expect(receiver.badSignatures).to.deep.equal([]);
    expect(receiver.wrongSecretVerified).to.equal(0);
  });

  it('given the receiver down for a while and the service restarted meanwhile, then every event arrives once it is back, in order per invoice', async () => {
    app = await open();
    const tenant = await app.createTenant({ scopes: SCOPES });
    directory.add({ id: 'whe_receiver', tenantId: tenant.tenantId, url: receiver.url }, { secrets: [SECRET] });
    await receiver.stop();
    const invoices: string[] = [];
    for (let n = 0; n < 10; n += 1) invoices.push((await createInvoice(app, tenant.key)).id);
    await tick();
    await retryUntil(() => false, 3);
    expect(receiver.accepted).to.have.length(0);
    await app.close();

    clock.advance(30 * 60_000);
    await receiver.start();
    app = await open();
    await retryUntil(() => receiver.accepted.length === 30, 12);
    const bySubject = receiver.typesBySubject();
    for (const id of invoices) expect(bySubject.get(id), id).to.deep.equal(['document.created', 'document.sent', 'document.validated']);
    expect(receiver.badSignatures).to.deep.equal([]);
  });
});
