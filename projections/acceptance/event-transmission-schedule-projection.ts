import { EVENT_TRANSMISSION_PARTITION, eventTransmissionRowId, type EventTransmissionDueRow } from '../../application/acceptance/event-transmission-schedule.ts';
import { EVENT_TRANSMISSION_RETRY } from '../../application/acceptance/event-transmission-retry.ts';
import { toDomainEvent } from '../../application/event-sourcing/domain-event.ts';
import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import type { AcceptanceEvent } from '../../domain/acceptance/acceptance-events.ts';
import { TRANSMISSION_EVENT_TYPES } from '../../domain/acceptance/transmission-events.ts';

const EVENT_TYPES: readonly AcceptanceEvent['type'][] = ['AcceptanceEventRecorded', ...TRANSMISSION_EVENT_TYPES];

const later = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

/** When the next attempt of an event is due, from its latest event alone; undefined for events that are not sent. */
function dueAt(event: AcceptanceEvent | undefined): string | null | undefined {
  switch (event?.type) {
    // The process manager makes the first attempt at once; this only catches one it never made.
    case 'AcceptanceEventRecorded':
      return event.data.transmitTo === 'dian' ? later(event.data.at, EVENT_TRANSMISSION_RETRY.leaseMs) : undefined;
    case 'AcceptanceEventTransmissionStarted':
      return event.data.leaseUntil;
    case 'AcceptanceEventTransmissionDeferred':
      return event.data.retryAt;
    case 'AcceptanceEventTransmitted':
    case 'AcceptanceEventTransmissionFailed':
      return null;
  }
}

/**
 * The durable timers of own events' sending to DIAN: one row per event still to send, in the scheduler's partition. An
 * event answered or failed leaves the table (removed under the trail's revision); a timer brought back by an older
 * event handled late is the scheduler's to drop.
 */
export class EventTransmissionScheduleProjection implements EventHandler {
  readonly name = 'acceptance-event-transmission-schedule';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: EVENT_TYPES };

  constructor(private readonly rows: ReadModelCollection<EventTransmissionDueRow>) {}

  async handle(event: RecordedEvent): Promise<void> {
    const domainEvent = toDomainEvent<AcceptanceEvent>(event, EVENT_TYPES);
    const due = dueAt(domainEvent);
    if (due === undefined || !domainEvent) return;
    const invoiceId = String(event.data.invoiceId);
    const eventNumber = String(domainEvent.type === 'AcceptanceEventRecorded' ? domainEvent.data.number : event.data.eventNumber);
    const key = { ...EVENT_TRANSMISSION_PARTITION, id: eventTransmissionRowId(invoiceId, eventNumber) };
    if (due === null) {
      await this.rows.remove(key, event.revision);
      return;
    }
    const row: EventTransmissionDueRow = { invoiceId, eventNumber, tenantId: String(event.metadata.tenantId), environment: String(event.metadata.environment), dueAt: due };
    await this.rows.upsert(key, event.revision, row);
  }
}
