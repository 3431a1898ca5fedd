import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type AppendStreamState,
} from '@kurrent/kurrentdb-client';
import {
  ConcurrencyError,
  matchesFilter,
  type AppendResult,
  type EventData,
  type EventStore,
  type EventSubscription,
  type EventTypeFilter,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from '../../../application/ports/event-store.ts';
import { toServerFilter } from './kurrentdb-filter.ts';
import { subscribeToKurrentDb } from './kurrentdb-subscription.ts';
import { positionOf, toRecordedEvent } from './to-recorded-event.ts';

/** Our log position is the commit position; resuming passes it as both commit and prepare. */
export class KurrentDbEventStore implements EventStore {
  constructor(private readonly client: KurrentDBClient) {}

  /** `url` is a connection string such as `kurrentdb://localhost:2113?tls=false`. */
  static open(url: string): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(url));
  }

  async append(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    const data = events.map((event) =>
      jsonEvent({ id: event.id ?? randomUUID(), type: event.type, data: event.data, metadata: event.metadata }),
    );
    try {
      const result = await this.client.appendToStream(streamId, data, { streamState: toStreamState(expected) });
      const position = result.position?.commit ?? (await this.lastPositionOf(streamId));
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new ConcurrencyError(streamId, expected, error.actualState ?? NO_STREAM);
      }
      throw error;
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId)) {
        const recorded = toRecordedEvent(resolved);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll({ after, maxCount, filter }: ReadAllOptions): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    const reading = this.client.readAll({
      fromPosition: after === undefined || after === 0n ? START : { commit: after, prepare: after },
      // A read from a position includes the event at it; one extra makes up for dropping it.
      maxCount: maxCount + 1,
      filter: toServerFilter(filter),
    });
    for await (const resolved of reading) {
      const recorded = toRecordedEvent(resolved);
      if (!recorded || (after !== undefined && recorded.position <= after)) continue;
      if (!matchesFilter(recorded.type, filter)) continue;
      events.push(recorded);
      if (events.length >= maxCount) break;
    }
    return events;
  }

  subscribeToAll(options: SubscribeOptions): EventSubscription {
    return subscribeToKurrentDb(this.client, options);
  }

  async headPosition(filter?: EventTypeFilter): Promise<bigint> {
    const reading = this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: toServerFilter(filter),
    });
    for await (const resolved of reading) {
      const position = positionOf(resolved);
      if (position !== undefined) return position;
    }
    return 0n;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async lastPositionOf(streamId: string): Promise<bigint> {
    for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
      const position = positionOf(resolved);
      if (position !== undefined) return position;
    }
    return 0n;
  }
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return expected;
}
