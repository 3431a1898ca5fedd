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

/** What the webhook dispatcher subscribes to. */
export const WEBHOOK_SOURCE_EVENT_TYPES: readonly string[] = [...Object.keys(DOCUMENT_EVENTS), ...Object.keys(MESSAGE_EVENTS)];

function notification(recorded: RecordedEvent, type: WebhookEventType, subject: string): WebhookEvent[] {
  const { tenantId, environment } = recorded.metadata;
  if (typeof tenantId !== 'string' || typeof environment !== 'string') return [];
  return [
    {
      id: webhookEventId(recorded.id),
      type,
      tenantId,
      environment,
      createdAt: recorded.createdAt.toISOString(),
      subject,
      source: { eventId: recorded.id, streamId: recorded.streamId, revision: String(recorded.revision), position: String(recorded.position) },
    },
  ];
}

/** The notifications one event of the log gives (none for most). Pure: replays and retries derive the same ones. */
export function webhookEventsOf(recorded: RecordedEvent): WebhookEvent[] {
  const documentType = DOCUMENT_EVENTS[recorded.type];
  if (documentType) return notification(recorded, documentType, String(recorded.data.documentId));
  const messageType = MESSAGE_EVENTS[recorded.type];
  if (messageType) return notification(recorded, messageType, String(recorded.data.messageId));
  return [];
}
