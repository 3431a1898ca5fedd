import { expect } from 'chai';
import type { RecordedEvent } from '../../../application/ports/event-store.ts';
import { webhookEventsOf, WEBHOOK_SOURCE_EVENT_TYPES } from '../../../application/webhooks/webhook-events-of.ts';
import { webhookPayload } from '../../../application/webhooks/webhook-payload.ts';

const recorded = (type: string, data: Record<string, unknown>, metadata: Record<string, unknown> = { tenantId: 't1', environment: 'test' }): RecordedEvent => ({
  id: '0a1b2c3d-0000-4000-8000-00000000abcd',
  streamId: 'salesInvoice-d1',
  type,
  revision: 2n,
  position: 41n,
  data,
  metadata,
  createdAt: new Date('2026-11-24T15:00:00.123Z'),
});

describe('webhook events of the log', () => {
  const cases: [string, string][] = [
    ['DocumentCreated', 'document.created'],
    ['DocumentSubmissionStarted', 'document.sent'],
    ['DocumentValidated', 'document.validated'],
    ['DocumentRejected', 'document.rejected'],
    ['DocumentSubmissionFailed', 'document.failed'],
    ['DocumentCancelled', 'document.cancelled'],
    ['DocumentVoided', 'document.voided'],
  ];
  for (const [source, type] of cases) {
    it(`${source} → ${type}, about the document, with a stable id and where it sits in the log`, () => {
      expect(webhookEventsOf(recorded(source, { documentId: 'd1' }))).to.deep.equal([
        {
          id: 'evt_0a1b2c3d00004000800000000000abcd',
          type,
          tenantId: 't1',
          environment: 'test',
          createdAt: '2026-11-24T15:00:00.123Z',
          subject: 'd1',
          source: { eventId: '0a1b2c3d-0000-4000-8000-00000000abcd', streamId: 'salesInvoice-d1', revision: '2', position: '41' },
        },
      ]);
      expect(WEBHOOK_SOURCE_EVENT_TYPES).to.include(source);
    });
  }

  it('maps the messages’ final events, about the message', () => {
    expect(webhookEventsOf(recorded('MessageSent', { messageId: 'msg_1' })).map((e) => [e.type, e.subject])).to.deep.equal([['message.sent', 'msg_1']]);
    expect(webhookEventsOf(recorded('MessageFailed', { messageId: 'msg_1' }))[0].type).to.equal('message.failed');
    expect(webhookEventsOf(recorded('MessageBlocked', { messageId: 'msg_1' }))[0].type).to.equal('message.blocked');
  });

  it('gives nothing for events no one is notified of, nor for events without a company', () => {
    expect(webhookEventsOf(recorded('DocumentSubmissionAttemptFailed', { documentId: 'd1' }))).to.deep.equal([]);
    expect(webhookEventsOf(recorded('MessageAttemptStarted', { messageId: 'm' }))).to.deep.equal([]);
    expect(webhookEventsOf(recorded('DocumentCreated', { documentId: 'd1' }, {}))).to.deep.equal([]);
  });

  it('shapes the payload {id, type, created_at, environment, data: {family, object}}', () => {
    const [event] = webhookEventsOf(recorded('DocumentValidated', { documentId: 'd1' }));
    expect(webhookPayload(event, { family: 'sales-invoice', object: { id: 'd1' } })).to.deep.equal({
      id: event.id,
      type: 'document.validated',
      created_at: '2026-11-24T15:00:00.123Z',
      environment: 'test',
      data: { family: 'sales-invoice', object: { id: 'd1' } },
    });
  });
});
