import type { CollectionSpec } from '../ports/read-model-store.ts';

/**
 * Durable timer of one message: when its next delivery step is due. A timer is removed once nothing is left to do; rows
 * written before that (with a null `dueAt`) are never due and stay as they are.
 */
export interface DeliveryDueRow {
  messageId: string;
  tenantId: string;
  environment: string;
  dueAt: string | null;
}

export const DELIVERY_SCHEDULE_COLLECTION: CollectionSpec<DeliveryDueRow> = { name: 'message_deliveries', indexes: [['dueAt']] };

/**
 * The scheduler looks for due work across every company, while read-model queries run inside one (tenant,
 * environment) partition: the timers therefore share a partition of their own.
 */
export const SCHEDULE_PARTITION = { tenantId: '*', environment: 'message-deliveries' } as const;
