import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import { DueWorkScheduler, type DueWorkOptions } from '../scheduling/due-work-scheduler.ts';
import type { DeliverMessage } from './deliver-message.ts';
import { SCHEDULE_PARTITION, type DeliveryDueRow } from './delivery-schedule.ts';

/** Runs every due delivery step (a retry, or an attempt whose worker vanished). `tick()` answers how many were due. */
export class DeliveryScheduler extends DueWorkScheduler<DeliveryDueRow> {
  constructor(due: ReadModelCollection<DeliveryDueRow>, deliver: DeliverMessage, clock: Clock, logger: Logger, options: DueWorkOptions = {}) {
    super(
      {
        key: 'message-delivery-scheduler',
        name: 'scheduled delivery step',
        rows: due,
        partition: SCHEDULE_PARTITION,
        run: async (row) => (await deliver.attempt(row.messageId, 'system:delivery-scheduler')) !== null,
        settled: { idOf: (row) => row.messageId, revision: (row) => deliver.settledRevision(row.messageId) },
        describe: (row) => ({ messageId: row.messageId }),
      },
      clock,
      logger,
      options,
    );
  }
}
