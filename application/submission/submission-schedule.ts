import type { CollectionSpec } from '../ports/read-model-store.ts';

/**
 * Durable timer of one document's submission: when its next attempt is due. A timer is removed once nothing is left to
 * do; rows written before that (with a null `dueAt`) are never due and stay as they are.
 */
export interface SubmissionDueRow {
  documentId: string;
  streamId: string;
  tenantId: string;
  environment: string;
  dueAt: string | null;
}

export const SUBMISSION_SCHEDULE_COLLECTION: CollectionSpec<SubmissionDueRow> = { name: 'document_submissions', indexes: [['dueAt']] };

/** The scheduler looks for due work across every company: the timers share a partition of their own. */
export const SUBMISSION_SCHEDULE_PARTITION = { tenantId: '*', environment: 'document-submissions' } as const;
