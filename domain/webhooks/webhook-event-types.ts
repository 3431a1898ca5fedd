/** What an endpoint may subscribe to; `["*"]` subscribes to all of them. */
export const WEBHOOK_EVENT_TYPES = [
  'document.created',
  'document.sent',
  'document.validated',
  'document.rejected',
  'document.failed',
  'document.cancelled',
  'document.voided',
  'document.acceptance_event',
  'message.sent',
  'message.failed',
  'message.blocked',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by `POST /v1/webhook-endpoints/{id}/test`, whatever the endpoint subscribes to. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const ALL_EVENTS = '*';

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** Whether an endpoint subscribed to `events` takes an event of `type`. */
export function subscribesTo(events: readonly string[], type: string): boolean {
  return events.includes(ALL_EVENTS) || events.includes(type);
}
