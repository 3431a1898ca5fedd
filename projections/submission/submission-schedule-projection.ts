import { SUBMISSION_SCHEDULE_PARTITION, type SubmissionDueRow } from '../../application/submission/submission-schedule.ts';
import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';

/**
 * Events that set or clear the timer. An attempt under way is due when its claim lapses (its worker vanished): then
 * the scheduler resumes it. Old first attempts carry no lease: due at once.
 */
const DUE_AT: Readonly<Record<string, (data: Record<string, unknown>) => string | null>> = {
  DocumentSubmissionStarted: (data) => String(data.leaseUntil ?? data.at),
  DocumentSubmissionAttemptFailed: (data) => String(data.retryAt),
  DocumentSubmissionRetryStarted: (data) => String(data.leaseUntil),
  DocumentSubmissionLeaseExtended: (data) => String(data.leaseUntil),
  DocumentValidated: () => null,
  DocumentRejected: () => null,
  DocumentSubmissionFailed: () => null,
  DocumentCancelled: () => null,
};

/**
 * The durable timers of submission retries: one row per document with a submission open, in the scheduler's partition.
 * A document whose submission settles leaves the table (removed under its revision), so the table holds the work in
 * flight, not every document ever sent: each row written costs a commit a page of its own once the table is large
 * (document ids are hashes). A timer brought back by an older event handled late is the scheduler's to drop.
 */
export class SubmissionScheduleProjection implements EventHandler {
  readonly name = 'submission-schedule';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: Object.keys(DUE_AT) };

  constructor(private readonly rows: ReadModelCollection<SubmissionDueRow>) {}

  async handle(event: RecordedEvent): Promise<void> {
    const documentId = String(event.data.documentId);
    const key = { ...SUBMISSION_SCHEDULE_PARTITION, id: documentId };
    const dueAt = DUE_AT[event.type](event.data);
    if (dueAt === null) {
      await this.rows.remove(key, event.revision);
      return;
    }
    const row: SubmissionDueRow = {
      documentId,
      streamId: event.streamId,
      tenantId: String(event.metadata.tenantId),
      environment: String(event.metadata.environment),
      dueAt,
    };
    await this.rows.upsert(key, event.revision, row);
  }
}
