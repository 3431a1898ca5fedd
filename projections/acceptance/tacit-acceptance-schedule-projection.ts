import { TACIT_SCHEDULE_PARTITION, type TacitAcceptanceDueRow } from '../../application/acceptance/tacit-acceptance-schedule.ts';
import { toDomainEvent } from '../../application/event-sourcing/domain-event.ts';
import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import type { AcceptanceEvent } from '../../domain/acceptance/acceptance-events.ts';

const TRAIL_EVENT_TYPES: readonly AcceptanceEvent['type'][] = ['AcceptanceEventRecorded', 'TacitAcceptanceScheduled', 'TacitAcceptanceCancelled'];

/** When the tacit acceptance of an invoice is due, as decided by the latest event of its trail that touches it. */
function dueAt(event: AcceptanceEvent | undefined): string | null | undefined {
  switch (event?.type) {
    case 'TacitAcceptanceScheduled':
      return event.data.dueAt;
    case 'TacitAcceptanceCancelled':
      return null;
    case 'AcceptanceEventRecorded':
      return ['031', '033', '034'].includes(event.data.code) ? null : undefined;
  }
}

/**
 * The durable timers of tacit acceptance (034): one row per credit invoice with 032 whose deadline is pending, in the
 * scheduler's partition. A deadline settled (031, 033 or 034 recorded, or cancelled) leaves the table, removed under the
 * trail's revision, so the table holds the deadlines pending, not every credit invoice ever received. A timer brought
 * back by an older event handled late is the scheduler's to drop.
 */
export class TacitAcceptanceScheduleProjection implements EventHandler {
  readonly name = 'tacit-acceptance-schedule';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: TRAIL_EVENT_TYPES };

  constructor(private readonly rows: ReadModelCollection<TacitAcceptanceDueRow>) {}

  async handle(event: RecordedEvent): Promise<void> {
    const due = dueAt(toDomainEvent<AcceptanceEvent>(event, TRAIL_EVENT_TYPES));
    if (due === undefined) return;
    const invoiceId = String(event.data.invoiceId);
    const key = { ...TACIT_SCHEDULE_PARTITION, id: invoiceId };
    if (due === null) {
      await this.rows.remove(key, event.revision);
      return;
    }
    const row: TacitAcceptanceDueRow = {
      invoiceId,
      issuerTenantId: String(event.metadata.tenantId),
      environment: String(event.metadata.environment),
      dueAt: due,
    };
    await this.rows.upsert(key, event.revision, row);
  }
}
