import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from '../../../clients/typescript/invoices-client.ts';
import { signatureOf, webhookSignature } from '../../../application/webhooks/webhook-signature.ts';
import { webhookPayload } from '../../../application/webhooks/webhook-payload.ts';

/** The Standard Webhooks specification's example. */
const SPEC = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const at = (unixSeconds: number) => () => new Date(unixSeconds * 1000);
const specHeaders = (signature = SPEC.signature): Record<string, string> => ({
  'webhook-id': SPEC.id,
  'webhook-timestamp': String(SPEC.timestamp),
  'webhook-signature': signature,
});
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

function refusal(run: () => unknown): WebhookVerificationError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(WebhookVerificationError);
    return error as WebhookVerificationError;
  }
  throw new Error('expected the delivery to be refused');
}

describe('Reference client: verifyWebhook (Standard Webhooks)', () => {
  it('verifies the specification’s example and answers the parsed body; the service signs it the same way', () => {
    expect(signatureOf(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body)).to.equal(SPEC.signature);
    expect(verifyWebhook(SPEC.secret, specHeaders(), SPEC.body, { now: at(SPEC.timestamp) })).to.deep.equal({ test: 2432232314 });
  });

  it('reads headers whatever their letter case: Node’s req.headers, a Fetch Headers, any object; the body as a string or bytes', () => {
    const now = at(SPEC.timestamp);
    const mixedCase = { 'Webhook-Id': SPEC.id, 'WEBHOOK-TIMESTAMP': String(SPEC.timestamp), 'Webhook-Signature': [SPEC.signature] };
    const fetchHeaders = new Headers({ 'Webhook-Id': SPEC.id, 'WEBHOOK-TIMESTAMP': String(SPEC.timestamp), 'Webhook-Signature': SPEC.signature });
    const variants: WebhookHeaders[] = [specHeaders(), fetchHeaders, mixedCase];
    for (const headers of variants) expect(verifyWebhook(SPEC.secret, headers, Buffer.from(SPEC.body), { now })).to.deep.equal({ test: 2432232314 });
    expect(verifyWebhook(SPEC.secret, specHeaders(), new TextEncoder().encode(SPEC.body), { now })).to.deep.equal({ test: 2432232314 });
  });

  it('accepts a delivery when any of its space-separated signatures matches (two secrets sign for 24 h after a rotation)', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const payload = webhookPayload(
      { id: 'evt_1', type: 'document.validated', tenantId: 't', environment: 'test', createdAt: '2026-11-25T12:00:00.000Z', subject: 'd1' },
      { family: 'sales-invoice', object: { id: 'd1', status: 'validated' } },
    );
    const body = JSON.stringify(payload);
    const timestamp = 1_764_072_000;
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': webhookSignature([current, previous], 'evt_1', timestamp, body) };
    expect(headers['webhook-signature'].split(' ')).to.have.length(2);

    for (const secret of [current, previous]) expect(verifyWebhook(secret, headers, body, { now: at(timestamp) })).to.deep.equal(payload);
    const unknownVersionFirst = `v2,${'A'.repeat(44)} v1,bm90IGl0 ${signatureOf(previous, 'evt_1', timestamp, body)}`;
    expect(verifyWebhook(previous, { ...headers, 'webhook-signature': unknownVersionFirst }, body, { now: at(timestamp) })).to.deep.equal(payload);
  });

  it('refuses a wrong secret, and a signature of a secret given without its whsec_ prefix still verifies', () => {
    const error = refusal(() => verifyWebhook(newSecret(), specHeaders(), SPEC.body, { now: at(SPEC.timestamp) }));
    expect(error.reason).to.equal('no_matching_signature');
    expect(error.message).to.contain('no signature in webhook-signature matches');
    expect(verifyWebhook(SPEC.secret.slice('whsec_'.length), specHeaders(), SPEC.body, { now: at(SPEC.timestamp) })).to.deep.equal({ test: 2432232314 });
  });

  it('refuses a tampered body, re-serialised JSON included (the signature covers the raw bytes)', () => {
    const now = at(SPEC.timestamp);
    expect(refusal(() => verifyWebhook(SPEC.secret, specHeaders(), '{"test": 2432232315}', { now })).reason).to.equal('no_matching_signature');
    expect(refusal(() => verifyWebhook(SPEC.secret, specHeaders(), JSON.stringify(JSON.parse(SPEC.body)), { now })).reason).to.equal('no_matching_signature');
    const parsed = refusal(() => verifyWebhook(SPEC.secret, specHeaders(), JSON.parse(SPEC.body), { now }));
    expect(parsed.reason).to.equal('invalid_body');
    expect(parsed.message).to.contain('raw body');
  });

  it('refuses a timestamp more than 5 minutes away (either way), unless the tolerance allows it', () => {
    expect(verifyWebhook(SPEC.secret, specHeaders(), SPEC.body, { now: at(SPEC.timestamp + 300) })).to.deep.equal({ test: 2432232314 });
    const stale = refusal(() => verifyWebhook(SPEC.secret, specHeaders(), SPEC.body, { now: at(SPEC.timestamp + 301) }));
    expect(stale.reason).to.equal('stale_timestamp');
    expect(stale.message).to.equal('webhook-timestamp 1614265330 is 301 s old (tolerance 300 s)');
    expect(refusal(() => verifyWebhook(SPEC.secret, specHeaders(), SPEC.body, { now: at(SPEC.timestamp - 301) })).message).to.contain('301 s in the future');
    expect(verifyWebhook(SPEC.secret, specHeaders(), SPEC.body, { now: at(SPEC.timestamp + 301), toleranceSeconds: 600 })).to.deep.equal({ test: 2432232314 });
    // Without `now`, the real clock: the 2021 example is long stale.
    expect(refusal(() => verifyWebhook(SPEC.secret, specHeaders(), SPEC.body)).reason).to.equal('stale_timestamp');
  });

  it('names a missing or malformed header, and a secret that is no whsec_ secret', () => {
    const now = at(SPEC.timestamp);
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const headers: Record<string, string> = specHeaders();
      delete headers[name];
      const error = refusal(() => verifyWebhook(SPEC.secret, headers, SPEC.body, { now }));
      expect(error.reason).to.equal('missing_header');
      expect(error.message).to.equal(`the ${name} header is missing`);
    }
    const malformed = refusal(() => verifyWebhook(SPEC.secret, { ...specHeaders(), 'webhook-timestamp': '2021-02-26T10:22:10Z' }, SPEC.body, { now }));
    expect(malformed.reason).to.equal('invalid_timestamp');
    expect(refusal(() => verifyWebhook('whsec_', specHeaders(), SPEC.body, { now })).reason).to.equal('invalid_secret');
  });

  describe('a receiver on node:http, as the README shows it', () => {
    const secret = newSecret();
    const received: unknown[] = [];
    let server: Server;
    let url: string;

    before(async () => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          try {
            received.push(verifyWebhook(secret, req.headers, Buffer.concat(chunks)));
            res.writeHead(204).end();
          } catch (error) {
            res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end(String(error));
          }
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const deliver = (signWith: string, body: string) => {
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = { 'content-type': 'application/json', 'webhook-id': 'evt_2', 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureOf(signWith, 'evt_2', timestamp, body) };
      return fetch(url, { method: 'POST', headers, body });
    };

    it('takes a delivery signed with its secret (204) and refuses one signed with another (400)', async () => {
      const body = JSON.stringify({ id: 'evt_2', type: 'message.sent', created_at: '2026-11-25T12:00:00.000Z', environment: 'live', data: { object: { id: 'msg_1', note: 'ñandú €' } } });
      expect((await deliver(secret, body)).status).to.equal(204);
      const refused = await deliver(newSecret(), body);
      expect(refused.status).to.equal(400);
      expect(await refused.text()).to.contain('no signature in webhook-signature matches');
      expect(received).to.deep.equal([JSON.parse(body)]);
    });
  });
});
