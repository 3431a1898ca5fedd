import type { WebhookEventType } from '../../domain/webhooks/webhook-event-types.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import { webhookEventId, type WebhookEvent } from './webhook-event.ts';

/** The log events that become notifications, and which. */
const DOCUMENT_EVENTS: Readonly<Record<string, WebhookEventType>> = {
  DocumentCreated: 'document.created',
  DocumentDrafted: 'document.created',
  DocumentSubmissionStarted: 'document.sent',
  DocumentValidated: 'document.validated',
  DocumentRejected: 'document.rejected',
  DocumentSubmissionFailed: 'document.failed',
  DocumentCancelled: 'document.cancelled',
  DocumentVoided: 'document.voided',
};

const MESSAGE_EVENTS: Readonly<Record<string, WebhookEventType>> = {
  MessageSent: 'message.sent',
  MessageFailed: 'message.failed',
  MessageBlocked: 'message.blocked',
};

/** A RADIAN event entered an invoice's trail (stream `invoiceAcceptance-<invoiceId>`, metadata: the issuer's tenant). */
const ACCEPTANCE_EVENT = 'AcceptanceEventRecorded';

/** What the webhook dispatcher subscribes to. */
export const WEBHOOK_SOURCE_EVENT_TYPES: readonly string[] = [...Object.keys(DOCUMENT_EVENTS), ...Object.keys(MESSAGE_EVENTS), ACCEPTANCE_EVENT];

/**
 * The id of the notification a receiving company gets of an acceptance event: not the issuer's, as the two carry
 * different objects (an integrator serving both companies at one URL must not drop one as a duplicate of the other).
 */
export const receivedWebhookEventId = (eventId: string) => `${webhookEventId(eventId)}_received`;

function notification(recorded: RecordedEvent, type: WebhookEventType, subject: string, tenantId: string, id = webhookEventId(recorded.id)): WebhookEvent {
  return {
    id,
    type,
    tenantId,
    environment: String(recorded.metadata.environment),
    createdAt: recorded.createdAt.toISOString(),
    subject,
    source: { eventId: recorded.id, streamId: recorded.streamId, revision: String(recorded.revision), position: String(recorded.position) },
  };
}

/** The companies an acceptance event is issued to: the receiver that sent it (030–033), or those of a 034. */
function receivingCompanies(data: Record<string, unknown>, issuer: string): string[] {
  const named = [data.receiverTenantId, ...(Array.isArray(data.receiverTenantIds) ? data.receiverTenantIds : [])];
  const companies = named.filter((tenant): tenant is string => typeof tenant === 'string' && tenant !== '' && tenant !== issuer);
  return [...new Set(companies)];
}

/**
 * An acceptance event tells the invoice's issuer (the trail's tenant: RADIAN events on its invoice) and the receiving
 * companies of this service (a received document's events); a company that is both is told once, as the issuer.
 */
function acceptanceNotifications(recorded: RecordedEvent, issuer: string): WebhookEvent[] {
  const invoiceId = String(recorded.data.invoiceId);
  const type = 'document.acceptance_event';
  return [
    notification(recorded, type, invoiceId, issuer),
    ...receivingCompanies(recorded.data, issuer).map((receiver) => notification(recorded, type, invoiceId, receiver, receivedWebhookEventId(recorded.id))),
  ];
}

/** The notifications one event of the log gives (none for most). Pure: replays and retries derive the same ones. */
export function webhookEventsOf(recorded: RecordedEvent): WebhookEvent[] {
  const { tenantId, environment } = recorded.metadata;
  if (typeof tenantId !== 'string' || typeof environment !== 'string') return [];
  const documentType = DOCUMENT_EVENTS[recorded.type];
  if (documentType) return [notification(recorded, documentType, String(recorded.data.documentId), tenantId)];
  const messageType = MESSAGE_EVENTS[recorded.type];
  if (messageType) return [notification(recorded, messageType, String(recorded.data.messageId), tenantId)];
  if (recorded.type === ACCEPTANCE_EVENT) return acceptanceNotifications(recorded, tenantId);
  return [];
}
