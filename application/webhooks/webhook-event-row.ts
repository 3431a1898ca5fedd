import type { CollectionSpec } from '../ports/read-model-store.ts';
import type { WebhookEvent, WebhookEventSource } from './webhook-event.ts';

/** One notification of a company, as replays read it back: what it is and which event of the log it derives from. */
export interface WebhookEventRow {
  id: string;
  type: string;
  createdAt: string;
  subject: string;
  source: WebhookEventSource;
  /** The log position, zero-padded so that text order is log order. */
  position: string;
}

export const WEBHOOK_EVENTS_COLLECTION: CollectionSpec<WebhookEventRow> = { name: 'webhook_events', indexes: [['createdAt'], ['type', 'createdAt']] };

export const paddedPosition = (position: string) => position.padStart(20, '0');

/** The notification a row stands for, in the company's partition. */
export function webhookEventOfRow(row: WebhookEventRow, tenantId: string, environment: string): WebhookEvent {
  return { id: row.id, type: row.type as WebhookEvent['type'], tenantId, environment, createdAt: row.createdAt, subject: row.subject, source: row.source };
}
