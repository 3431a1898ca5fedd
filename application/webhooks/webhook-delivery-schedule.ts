import type { CollectionSpec } from '../ports/read-model-store.ts';

/** Durable timer of one queue: when its next step is due (null once nothing is left). */
export interface WebhookDueRow {
  queueStreamId: string;
  endpointId: string;
  tenantId: string;
  environment: string;
  dueAt: string | null;
  /** The queue's revision the row was built from. */
  revision: number;
}

export const WEBHOOK_SCHEDULE_COLLECTION: CollectionSpec<WebhookDueRow> = { name: 'webhook_queue_schedule', indexes: [['dueAt']] };

/** The scheduler looks across every company: the timers share a partition of their own. */
export const WEBHOOK_SCHEDULE_PARTITION = { tenantId: '*', environment: 'webhook-deliveries' } as const;
