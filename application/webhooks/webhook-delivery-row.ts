import type { CollectionSpec } from '../ports/read-model-store.ts';

/** One attempt as the delivery log shows it; `status`, `durationMs` and `excerpt` stay null until it is answered. */
export interface WebhookAttemptRow {
  attempt: number;
  at: string;
  status: number | null;
  durationMs: number | null;
  excerpt: string | null;
  error: string | null;
}

/** The delivery log: one row per delivery, in the company's partition. */
export interface WebhookDeliveryRow {
  id: string;
  endpointId: string;
  queueStreamId: string;
  event: { id: string; type: string; createdAt: string };
  reason: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** Why it failed (attempts_exhausted, gone, endpoint_disabled, endpoint_deleted) and in words. */
  failure: { code: string; detail: string } | null;
  attempts: WebhookAttemptRow[];
  /** When it is attempted next; null while an attempt runs, while it waits behind an earlier delivery, and once final. */
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** `createdAt` then the id: what pages are ordered and cut by, newest first. */
  sequence: string;
}

export const WEBHOOK_DELIVERIES_COLLECTION: CollectionSpec<WebhookDeliveryRow> = { name: 'webhook_deliveries', indexes: [['endpointId', 'sequence']] };

export const deliverySequence = (createdAt: string, id: string) => `${createdAt}|${id}`;
