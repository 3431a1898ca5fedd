import type { EventTypeFilter, RecordedEvent } from '../ports/event-store.ts';

/** A projection or process manager: a named, filtered consumer of the whole log. */
export interface EventHandler {
  readonly name: string;
  readonly kind: 'projection' | 'process-manager';
  readonly filter: EventTypeFilter;
  handle(event: RecordedEvent): Promise<void>;
  /**
   * Optional: the events the log had ready, in log order, handled at once (one read of a row and one write per
   * document instead of one per event). Must leave what `handle` of each event in turn would leave; a batch that
   * fails is handed over again one event at a time, so a failure names its event and nothing is skipped.
   */
  handleBatch?(events: readonly RecordedEvent[]): Promise<void>;
}
