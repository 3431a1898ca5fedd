import type { WebhookEvent } from './webhook-event.ts';
import type { WebhookData } from './webhook-payload.ts';

/**
 * The object a notification carries: the resource exactly as its GET shows it just after the event (the subject's
 * stream folded up to the event's revision, so every attempt and replay sends the same body).
 */
export interface WebhookObjects {
  dataOf(event: WebhookEvent): Promise<WebhookData>;
}
