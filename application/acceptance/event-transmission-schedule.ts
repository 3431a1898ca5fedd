import type { CollectionSpec } from '../ports/read-model-store.ts';

/** Durable timer of one own event's sending to DIAN: when its next attempt is due (removed once answered or failed). */
export interface EventTransmissionDueRow {
  invoiceId: string;
  eventNumber: string;
  tenantId: string;
  environment: string;
  dueAt: string | null;
}

export const EVENT_TRANSMISSION_SCHEDULE_COLLECTION: CollectionSpec<EventTransmissionDueRow> = { name: 'acceptance_event_transmissions', indexes: [['dueAt']] };

/** The scheduler looks across every company: the timers share a partition of their own. */
export const EVENT_TRANSMISSION_PARTITION = { tenantId: '*', environment: 'acceptance-event-transmissions' } as const;

/** One row per event of a trail. */
export const eventTransmissionRowId = (invoiceId: string, eventNumber: string) => `${invoiceId}:${eventNumber}`;
