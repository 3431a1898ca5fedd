import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import { DueWorkScheduler, type DueWorkOptions } from '../scheduling/due-work-scheduler.ts';
import { EVENT_TRANSMISSION_PARTITION, eventTransmissionRowId, type EventTransmissionDueRow } from './event-transmission-schedule.ts';
import type { TransmitAcceptanceEvent } from './transmit-acceptance-event.ts';

/**
 * Makes every due attempt to send an own acceptance event to DIAN (a retry, or an attempt whose worker vanished). Each
 * attempt is claimed on the trail before the call, so a row the read model has not updated yet sends nothing.
 * `tick()` answers how many attempts it made.
 */
export class EventTransmissionScheduler extends DueWorkScheduler<EventTransmissionDueRow> {
  constructor(due: ReadModelCollection<EventTransmissionDueRow>, transmit: TransmitAcceptanceEvent, clock: Clock, logger: Logger, options: DueWorkOptions = {}) {
    super(
      {
        key: 'acceptance-event-transmission-scheduler',
        name: 'scheduled acceptance event transmission',
        rows: due,
        partition: EVENT_TRANSMISSION_PARTITION,
        run: (row) => transmit.attempt(row.invoiceId, row.eventNumber, 'system:acceptance-event-transmission-scheduler'),
        settled: { idOf: (row) => eventTransmissionRowId(row.invoiceId, row.eventNumber), revision: (row) => transmit.settledRevision(row.invoiceId, row.eventNumber) },
        describe: (row) => ({ invoiceId: row.invoiceId, eventNumber: row.eventNumber }),
      },
      clock,
      logger,
      { ...options, reports: 'counted' },
    );
  }
}
