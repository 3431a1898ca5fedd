import type { CollectionSpec } from '../ports/read-model-store.ts';

/** Durable timer of one document's submission: when its next attempt is due (null once nothing is left to do). */
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
