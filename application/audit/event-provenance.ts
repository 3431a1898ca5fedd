import type { RecordedEvent } from '../ports/event-store.ts';

/** Which event it is and who caused it, as every audit face shows it (history, export, CLI), in that order. */
export function eventProvenance(event: RecordedEvent) {
  return {
    revision: Number(event.revision),
    event_id: event.id,
    type: event.type,
    recorded_at: event.createdAt.toISOString(),
    actor: event.metadata.actor ?? null,
    correlation_id: event.metadata.$correlationId ?? null,
    causation_id: event.metadata.$causationId ?? null,
  };
}
