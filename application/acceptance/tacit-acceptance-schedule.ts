import type { CollectionSpec } from '../ports/read-model-store.ts';

/** Durable timer of one credit invoice: when its tacit acceptance (034) is due (the row is removed once settled). */
export interface TacitAcceptanceDueRow {
  invoiceId: string;
  issuerTenantId: string;
  environment: string;
  dueAt: string | null;
}

export const TACIT_ACCEPTANCE_SCHEDULE_COLLECTION: CollectionSpec<TacitAcceptanceDueRow> = { name: 'tacit_acceptance_schedule', indexes: [['dueAt']] };

/** The scheduler looks across every company: the timers share a partition of their own. */
export const TACIT_SCHEDULE_PARTITION = { tenantId: '*', environment: 'tacit-acceptance' } as const;
