import { acceptanceStreamId } from '../../domain/acceptance/acceptance-events.ts';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { enteredIssuance } from '../../domain/documents/drafts/entered-issuance.ts';
import { familyOfStream } from '../../domain/documents/families/index.ts';
import { messageDecider } from '../../domain/messages/message-decider.ts';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import { DOCUMENT_BASES } from '../representations/document-bases.ts';
import { documentRecord } from '../representations/document-representation.ts';
import { invoiceRepresentation } from '../representations/invoice-representation.ts';
import { messageRepresentation } from '../representations/message-representation.ts';
import { acceptanceData } from './acceptance-webhook-object.ts';
import { messageStreamId } from '../messages/message-streams.ts';
import { eventsUpTo, fold } from './stream-as-of.ts';
import type { WebhookEvent } from './webhook-event.ts';
import type { WebhookObjects } from './webhook-objects.ts';
import type { WebhookData } from './webhook-payload.ts';

/**
 * A document as GET {base}/{id} shows it (without `emails`: those are today's). A draft of the integrations' face is
 * no document of seed 000 yet: it is shown as GET /v1/invoices/{id} shows it.
 */
function documentData(family: DocumentFamily, events: readonly RecordedEvent[]): WebhookData {
  const state = fold(documentDecider, events);
  const object = enteredIssuance(state) ? documentRecord(family, DOCUMENT_BASES[family.name], state) : invoiceRepresentation(state);
  return { family: family.name, object };
}

/** A message as GET /v1/messages/{id} shows it, with its events up to the source event. */
function messageData(events: readonly RecordedEvent[]): WebhookData {
  return { object: messageRepresentation(fold(messageDecider, events), events) };
}

/** Builds each notification's object from the log: the subject's stream folded up to the event that caused it. */
export class LogWebhookObjects implements WebhookObjects {
  constructor(private readonly store: EventStore) {}

  async dataOf(event: WebhookEvent): Promise<WebhookData> {
    const { source } = event;
    if (!source) {
      if (!event.object) throw new Error(`webhook event ${event.id} has neither a source event nor an object`);
      return { object: event.object };
    }
    const events = await eventsUpTo(this.store, source);
    const family = familyOfStream(source.streamId);
    if (family) return documentData(family, events);
    if (source.streamId.startsWith(messageStreamId(''))) return messageData(events);
    if (source.streamId.startsWith(acceptanceStreamId(''))) return acceptanceData(this.store, event, events);
    throw new Error(`webhook event ${event.id}: no object is known for stream ${source.streamId}`);
  }
}
