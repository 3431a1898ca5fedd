import type { EventTypeFilter, RecordedEvent } from '../ports/event-store.ts';

/** A projection or process manager: a named, filtered consumer of the whole log. */
export interface EventHandler {
  readonly name: string;
  readonly kind: 'projection' | 'process-manager';
  readonly filter: EventTypeFilter;
  handle(event: RecordedEvent): Promise<void>;
}
