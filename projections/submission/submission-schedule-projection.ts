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

/** The durable timers of submission retries: one row per document in the scheduler's partition. */
export class SubmissionScheduleProjection implements EventHandler {
  readonly name = 'submission-schedule';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: Object.keys(DUE_AT) };

  constructor(private readonly rows: ReadModelCollection<SubmissionDueRow>) {}

  async handle(event: RecordedEvent): Promise<void> {
    const documentId = String(event.data.documentId);
    const row: SubmissionDueRow = {
      documentId,
      streamId: event.streamId,
      tenantId: String(event.metadata.tenantId),
      environment: String(event.metadata.environment),
      dueAt: DUE_AT[event.type](event.data),
    };
    await this.rows.upsert({ ...SUBMISSION_SCHEDULE_PARTITION, id: documentId }, event.revision, row);
  }
}
