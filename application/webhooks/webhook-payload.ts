import type { WebhookEvent } from './webhook-event.ts';

/** What a delivery carries under `data`: the object, and for documents the family it belongs to. */
export interface WebhookData {
  object: Record<string, unknown>;
  family?: string;
}

/** The JSON body of a delivery: `{id, type, created_at, environment, data: {object}}` (plus `data.family` for documents). */
export function webhookPayload(event: WebhookEvent, data: WebhookData): Record<string, unknown> {
  return {
    id: event.id,
    type: event.type,
    created_at: event.createdAt,
    environment: event.environment,
    data: { ...(data.family !== undefined && { family: data.family }), object: data.object },
  };
}
