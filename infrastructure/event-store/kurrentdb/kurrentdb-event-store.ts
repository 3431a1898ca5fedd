import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
} from '@kurrent/kurrentdb-client';
import {
  ConcurrencyError,
  matchesFilter,
  type AppendResult,
  type EventData,
  type EventMetadata,
  type EventStore,
  type EventSubscription,
  type EventTypeFilter,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from '../../../application/ports/event-store.ts';
import { chainedMetadata, nextLink, storedHash } from '../../../application/audit/event-hash.ts';
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

  /**
   * Reads the stream's last event to chain the new ones to it, then appends expecting exactly that revision, so
   * the server refuses the write if anything landed in between. `any` and `stream_exists` keep their meaning by
   * reading again and retrying (bounded); only under that much contention do they fail with a ConcurrencyError.
   */
  async append(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    const ids = events.map((event) => event.id ?? randomUUID());
    for (let attempt = 1; ; attempt += 1) {
      const last = await this.lastEventOf(streamId);
      const actual = last?.revision ?? 'no_stream';
      if (!satisfies(expected, actual)) throw new ConcurrencyError(streamId, expected, actual);
      let previousHash = nextLink(streamId, last?.hash);
      const data = events.map((event, index) => {
        const revision = (last?.revision ?? -1n) + 1n + BigInt(index);
        const metadata = chainedMetadata(previousHash, { streamId, revision, id: ids[index], type: event.type, data: event.data, metadata: event.metadata });
        previousHash = String(metadata.$hash);
        return jsonEvent({ id: ids[index], type: event.type, data: event.data, metadata });
      });
      try {
        const result = await this.client.appendToStream(streamId, data, { streamState: last ? last.revision : NO_STREAM });
        const position = result.position?.commit ?? (await this.lastPositionOf(streamId));
        return { nextExpectedRevision: result.nextExpectedRevision, position };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const retry = (expected === 'any' || expected === 'stream_exists') && attempt < ANY_ATTEMPTS;
        if (!retry) throw new ConcurrencyError(streamId, expected, error.actualState ?? NO_STREAM);
      }
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

  private async lastEventOf(streamId: string): Promise<{ revision: bigint; hash: string | undefined } | undefined> {
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (resolved.event) return { revision: resolved.event.revision, hash: storedHash(metadataOf(resolved.event.metadata)) };
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    return undefined;
  }

  private async lastPositionOf(streamId: string): Promise<bigint> {
    for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
      const position = positionOf(resolved);
      if (position !== undefined) return position;
    }
    return 0n;
  }
}

const ANY_ATTEMPTS = 10;

function satisfies(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return actual === expected;
}

function metadataOf(metadata: unknown): EventMetadata | undefined {
  return typeof metadata === 'object' && metadata !== null && !(metadata instanceof Uint8Array) ? (metadata as EventMetadata) : undefined;
}
