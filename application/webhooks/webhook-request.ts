import type { WebhookEvent } from './webhook-event.ts';
import { webhookPayload, type WebhookData } from './webhook-payload.ts';
import { webhookSignature } from './webhook-signature.ts';

/** Bodies are at most this long; a longer one carries a reduced object (see `webhookBody`). */
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;

export const WEBHOOK_USER_AGENT = 'facturacion-webhooks/1';

/** What is kept of an object too large to send: the fields that let the receiver fetch it. */
const KEPT_WHEN_TRUNCATED = ['id', 'status', 'links'] as const;

/**
 * The JSON body of a delivery. Over 256 KB, `data.object` keeps only its `id`, `status` and `links` (those it has)
 * and `data.object_truncated` is true: the receiver fetches the rest with a GET.
 */
export function webhookBody(event: WebhookEvent, data: WebhookData): string {
  const full = JSON.stringify(webhookPayload(event, data));
  if (Buffer.byteLength(full) <= MAX_WEBHOOK_BODY_BYTES) return full;
  const object = Object.fromEntries(KEPT_WHEN_TRUNCATED.filter((field) => field in data.object).map((field) => [field, data.object[field]]));
  const payload = webhookPayload(event, { ...data, object });
  return JSON.stringify({ ...payload, data: { ...(payload.data as Record<string, unknown>), object_truncated: true } });
}

/** The headers of one attempt (Standard Webhooks): the same `webhook-id` on every attempt, the attempt's own timestamp. */
export function webhookHeaders(event: WebhookEvent, body: string, secrets: readonly string[], at: Date): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': event.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secrets, event.id, timestamp, body),
  };
}
