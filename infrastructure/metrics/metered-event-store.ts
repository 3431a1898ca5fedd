import {
  ConcurrencyError,
  type AppendResult,
  type EventData,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from '../../application/ports/event-store.ts';
import type { ServiceMetrics } from './service-metrics.ts';

/** Counts appends and their outcomes; everything else passes through. */
export class MeteredEventStore implements EventStore {
  constructor(
    readonly inner: EventStore,
    private readonly metrics: ServiceMetrics,
  ) {}

  async append(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    try {
      const result = await this.inner.append(streamId, events, expected);
      this.metrics.appends.inc({ outcome: 'ok' });
      this.metrics.appendedEvents.inc(events.length);
      return result;
    } catch (error) {
      this.metrics.appends.inc({ outcome: error instanceof ConcurrencyError ? 'conflict' : 'error' });
      throw error;
    }
  }

  readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId);
  }

  streamRevision(streamId: string): Promise<bigint | 'no_stream'> {
    return this.inner.streamRevision(streamId);
  }

  readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  subscribeToAll(options: SubscribeOptions): EventSubscription {
    return this.inner.subscribeToAll(options);
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  eventsAfter(position: bigint, limit: number): Promise<number> {
    return this.inner.eventsAfter(position, limit);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
