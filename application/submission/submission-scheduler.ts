import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import { DueWorkScheduler, type DueWorkOptions } from '../scheduling/due-work-scheduler.ts';
import { SUBMISSION_SCHEDULE_PARTITION, type SubmissionDueRow } from './submission-schedule.ts';
import type { SubmitDocument } from './submit-document.ts';

const ACTOR = 'system:submission-scheduler';

/**
 * Starts every due retry (or one whose worker vanished). Each document is claimed on its stream before the call,
 * so a row the read model has not updated yet is skipped. `tick()` answers how many rows were due.
 */
export class SubmissionScheduler extends DueWorkScheduler<SubmissionDueRow> {
  constructor(due: ReadModelCollection<SubmissionDueRow>, submit: SubmitDocument, clock: Clock, logger: Logger, options: DueWorkOptions = {}) {
    super(
      {
        key: 'submission-scheduler',
        name: 'scheduled submission',
        rows: due,
        partition: SUBMISSION_SCHEDULE_PARTITION,
        run: (row) => submit.retry(row.streamId, ACTOR),
        settled: { idOf: (row) => row.documentId, revision: (row) => submit.settledRevision(row.streamId) },
        describe: (row) => ({ documentId: row.documentId }),
      },
      clock,
      logger,
      options,
    );
  }
}
