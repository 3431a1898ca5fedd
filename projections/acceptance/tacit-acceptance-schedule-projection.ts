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

/** The durable timers of tacit acceptance (034): one row per credit invoice with 032, in the scheduler's partition. */
export class TacitAcceptanceScheduleProjection implements EventHandler {
  readonly name = 'tacit-acceptance-schedule';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: TRAIL_EVENT_TYPES };

  constructor(private readonly rows: ReadModelCollection<TacitAcceptanceDueRow>) {}

  async handle(event: RecordedEvent): Promise<void> {
    const due = dueAt(toDomainEvent<AcceptanceEvent>(event, TRAIL_EVENT_TYPES));
    if (due === undefined) return;
    const invoiceId = String(event.data.invoiceId);
    const row: TacitAcceptanceDueRow = {
      invoiceId,
      issuerTenantId: String(event.metadata.tenantId),
      environment: String(event.metadata.environment),
      dueAt: due,
    };
    await this.rows.upsert({ ...TACIT_SCHEDULE_PARTITION, id: invoiceId }, event.revision, row);
  }
}
