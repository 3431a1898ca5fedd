import { acceptanceDecider } from '../../domain/acceptance/acceptance-decider.ts';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import { documentStreamId, salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import { DOCUMENT_BASES } from '../representations/document-bases.ts';
import { eventRecord } from '../representations/event-representation.ts';
import { receivedDocumentRecord } from '../representations/received-document-representation.ts';
import { eventsBefore, fold } from './stream-as-of.ts';
import type { WebhookEvent } from './webhook-event.ts';
import type { WebhookData } from './webhook-payload.ts';

const INVOICES = DOCUMENT_BASES['sales-invoice'];

/** The issuer's side: the event as GET {invoice}/events lists it, with the invoice it is on (the record alone does not say). */
function issuerObject(trailEvents: readonly RecordedEvent[], recorded: RecordedEvent): Record<string, unknown> {
  const invoiceId = String(recorded.data.invoiceId);
  const record = fold(acceptanceDecider, trailEvents).records.find((candidate) => candidate.number === recorded.data.number);
  if (!record) throw new Error(`acceptance event ${String(recorded.data.number)} is not in the trail of invoice ${invoiceId}`);
  return {
    ...eventRecord(record),
    invoice: { id: invoiceId, number: recorded.data.invoiceNumber, links: { self: `${INVOICES}/${invoiceId}`, events: `${INVOICES}/${invoiceId}/events` } },
  };
}

/** A receiving company's side: the received document as GET /receptions/v1/received-documents/{id} showed it then. */
async function receiverObject(store: EventStore, trailEvents: readonly RecordedEvent[], recorded: RecordedEvent): Promise<Record<string, unknown>> {
  const invoiceEvents = await eventsBefore(store, documentStreamId(salesInvoiceFamily, String(recorded.data.invoiceId)), String(recorded.position));
  return receivedDocumentRecord({ invoice: fold(documentDecider, invoiceEvents), trail: fold(acceptanceDecider, trailEvents) });
}

/**
 * `document.acceptance_event`: the trail's events up to the source event decide the object. The trail belongs to the
 * invoice's issuer (its events carry the issuer's tenant); any other company told of it is a receiver.
 */
export async function acceptanceData(store: EventStore, event: WebhookEvent, trailEvents: readonly RecordedEvent[]): Promise<WebhookData> {
  const recorded = trailEvents[trailEvents.length - 1];
  const object = recorded.metadata.tenantId === event.tenantId ? issuerObject(trailEvents, recorded) : await receiverObject(store, trailEvents, recorded);
  return { family: salesInvoiceFamily.name, object };
}
