import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import { DueWorkScheduler, type DueWorkOptions } from '../scheduling/due-work-scheduler.ts';
import type { RecordTacitAcceptance } from './record-tacit-acceptance.ts';
import { TACIT_SCHEDULE_PARTITION, type TacitAcceptanceDueRow } from './tacit-acceptance-schedule.ts';

/** The tacit-acceptance process manager: records 034 for each due deadline. `tick()` answers how many it recorded. */
export class TacitAcceptanceScheduler extends DueWorkScheduler<TacitAcceptanceDueRow> {
  constructor(due: ReadModelCollection<TacitAcceptanceDueRow>, tacit: RecordTacitAcceptance, clock: Clock, logger: Logger, options: DueWorkOptions = {}) {
    super(
      {
        key: 'tacit-acceptance-scheduler',
        name: 'tacit acceptance',
        rows: due,
        partition: TACIT_SCHEDULE_PARTITION,
        run: (row) => tacit.execute(row.invoiceId),
        settled: { idOf: (row) => row.invoiceId, revision: (row) => tacit.settledRevision(row.invoiceId) },
        describe: (row) => ({ invoiceId: row.invoiceId }),
      },
      clock,
      logger,
      { concurrency: 1, ...options, reports: 'counted' },
    );
  }
}
