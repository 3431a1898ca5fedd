import type { TEST_EVENT_TYPE, WebhookEventType } from '../../domain/webhooks/webhook-event-types.ts';

/** The event of the log a notification comes from: its object is the subject's stream folded up to `revision`. */
export interface WebhookEventSource {
  eventId: string;
  streamId: string;
  /** Decimal strings: bigints do not survive JSON. */
  revision: string;
  position: string;
}

/**
 * One notification, derived from one event of the log. Its `id` is the `webhook-id` header: the same on every attempt,
 * retry and replay, so receivers can drop duplicates.
 */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType | typeof TEST_EVENT_TYPE;
  tenantId: string;
  environment: string;
  /** `created_at`: when the event of the log was recorded. */
  createdAt: string;
  /** What delivery order is kept per, at each endpoint: the document (or message) the event is about. */
  subject: string;
  /** Absent on `webhook.test`, whose object travels in `object`. */
  source?: WebhookEventSource;
  object?: Record<string, unknown>;
}

/** The webhook id of the notification derived from the log event `eventId`. */
export function webhookEventId(eventId: string): string {
  return `evt_${eventId.replace(/-/g, '')}`;
}
