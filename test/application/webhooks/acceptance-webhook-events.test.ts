import { expect } from 'chai';
import type { RecordedEvent } from '../../../application/ports/event-store.ts';
import { receivedWebhookEventId, webhookEventsOf, WEBHOOK_SOURCE_EVENT_TYPES } from '../../../application/webhooks/webhook-events-of.ts';

const EVENT_ID = '5e6f7a8b-0000-4000-8000-0000000000ef';
const INVOICE = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const recorded = (data: Record<string, unknown>, metadata: Record<string, unknown> = { tenantId: 'issuer', environment: 'live' }): RecordedEvent => ({
  id: EVENT_ID,
  streamId: `invoiceAcceptance-${INVOICE}`,
  type: 'AcceptanceEventRecorded',
  revision: 3n,
  position: 977n,
  data: { code: '030', number: '1', invoiceId: INVOICE, invoiceNumber: 'FE1', ...data },
  metadata,
  createdAt: new Date('2026-11-25T12:00:00.000Z'),
});

const source = { eventId: EVENT_ID, streamId: `invoiceAcceptance-${INVOICE}`, revision: '3', position: '977' };

describe('webhook events of acceptance events (RADIAN)', () => {
  it('the dispatcher subscribes to AcceptanceEventRecorded', () => {
    expect(WEBHOOK_SOURCE_EVENT_TYPES).to.include('AcceptanceEventRecorded');
  });

  it('a receiver’s event (030–033) tells the issuer of its invoice and the receiving company, each with its own stable id', () => {
    const events = webhookEventsOf(recorded({ receiverTenantId: 'receiver' }));
    expect(events).to.deep.equal([
      {
        id: 'evt_5e6f7a8b0000400080000000000000ef',
        type: 'document.acceptance_event',
        tenantId: 'issuer',
        environment: 'live',
        createdAt: '2026-11-25T12:00:00.000Z',
        subject: INVOICE,
        source,
      },
      {
        id: 'evt_5e6f7a8b0000400080000000000000ef_received',
        type: 'document.acceptance_event',
        tenantId: 'receiver',
        environment: 'live',
        createdAt: '2026-11-25T12:00:00.000Z',
        subject: INVOICE,
        source,
      },
    ]);
    expect(receivedWebhookEventId(EVENT_ID)).to.equal(events[1].id);
  });

  it('the issuer’s 034 tells the issuer and every company recorded as its receiver', () => {
    const events = webhookEventsOf(recorded({ code: '034', receiverTenantIds: ['r1', 'r2'] }));
    expect(events.map((event) => [event.tenantId, event.id.endsWith('_received')])).to.deep.equal([
      ['issuer', false],
      ['r1', true],
      ['r2', true],
    ]);
  });

  it('an event whose receiver is no company of this service (older events, foreign customers) tells the issuer only', () => {
    expect(webhookEventsOf(recorded({ code: '034' })).map((event) => event.tenantId)).to.deep.equal(['issuer']);
  });

  it('a company that issued the invoice to itself is told once, as the issuer; a receiver named twice, once', () => {
    expect(webhookEventsOf(recorded({ receiverTenantId: 'issuer' })).map((event) => event.tenantId)).to.deep.equal(['issuer']);
    expect(webhookEventsOf(recorded({ receiverTenantId: 'r1', receiverTenantIds: ['r1', 'issuer'] })).map((event) => event.tenantId)).to.deep.equal([
      'issuer',
      'r1',
    ]);
  });

  it('gives the same notifications every time (replays and retries derive the same ids)', () => {
    const event = recorded({ receiverTenantId: 'receiver' });
    expect(webhookEventsOf(event)).to.deep.equal(webhookEventsOf(event));
  });

  it('the trail’s other events (tacit deadline, sending to DIAN) tell no one, nor does an event without a company', () => {
    for (const type of ['TacitAcceptanceScheduled', 'TacitAcceptanceCancelled', 'AcceptanceEventTransmitted', 'AcceptanceEventTransmissionFailed']) {
      expect(webhookEventsOf({ ...recorded({}), type }), type).to.deep.equal([]);
    }
    expect(webhookEventsOf(recorded({ receiverTenantId: 'receiver' }, {}))).to.deep.equal([]);
  });
});
