import { expect } from 'chai';
import type { WebhookEvent } from '../../../application/webhooks/webhook-event.ts';
import { MAX_WEBHOOK_BODY_BYTES, webhookBody, webhookHeaders } from '../../../application/webhooks/webhook-request.ts';
import { signatureOf } from '../../../application/webhooks/webhook-signature.ts';
import { testSecret } from '../../support/webhooks/in-memory-webhook-directory.ts';

const event: WebhookEvent = {
  id: 'evt_1',
  type: 'document.validated',
  tenantId: 't',
  environment: 'live',
  createdAt: '2026-03-01T12:00:00.000Z',
  subject: 'doc-1',
  source: { eventId: 'e1', streamId: 'salesInvoice-doc-1', revision: '2', position: '10' },
};

describe('webhook request', () => {
  it('given an object that fits, then the body is the payload as is', () => {
    const body = webhookBody(event, { family: 'sales-invoice', object: { id: 'doc-1', status: 'validated' } });
    expect(JSON.parse(body)).to.deep.equal({
      id: 'evt_1',
      type: 'document.validated',
      created_at: '2026-03-01T12:00:00.000Z',
      environment: 'live',
      data: { family: 'sales-invoice', object: { id: 'doc-1', status: 'validated' } },
    });
  });

  it('given an object that would make the body over 256 KB, then only its id, status and links travel, with object_truncated', () => {
    const object = { id: 'doc-1', status: 'validated', links: { self: '/x' }, lines: 'y'.repeat(MAX_WEBHOOK_BODY_BYTES) };
    const body = webhookBody(event, { family: 'sales-invoice', object });
    expect(Buffer.byteLength(body)).to.be.at.most(MAX_WEBHOOK_BODY_BYTES);
    expect(JSON.parse(body).data).to.deep.equal({ family: 'sales-invoice', object: { id: 'doc-1', status: 'validated', links: { self: '/x' } }, object_truncated: true });
    const noStatus = JSON.parse(webhookBody(event, { object: { id: 'doc-1', big: 'z'.repeat(MAX_WEBHOOK_BODY_BYTES) } }));
    expect(noStatus.data).to.deep.equal({ object: { id: 'doc-1' }, object_truncated: true });
  });

  it('given two valid secrets (a rotation), then one signature per secret, newest first, separated by a space', () => {
    const [newer, older] = [testSecret('new'), testSecret('old')];
    const at = new Date('2026-03-01T12:00:07.900Z');
    const headers = webhookHeaders(event, '{"a":1}', [newer, older], at);
    expect(headers).to.include({ 'webhook-id': 'evt_1', 'webhook-timestamp': '1772366407', 'content-type': 'application/json' });
    expect(headers['webhook-signature']).to.equal(`${signatureOf(newer, 'evt_1', 1772366407, '{"a":1}')} ${signatureOf(older, 'evt_1', 1772366407, '{"a":1}')}`);
  });
});
