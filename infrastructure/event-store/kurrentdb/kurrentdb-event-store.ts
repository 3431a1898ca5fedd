import {
  BACKWARDS,
  END,
  KurrentDBClient,
  MaxAppendSizeExceededError,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
} from '@kurrent/kurrentdb-client';
import {
  ConcurrencyError,
  meetsExpectation,
  matchesFilter,
  type AppendResult,
  type EventData,
  type EventMetadata,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from '../../../application/ports/event-store.ts';
import { EventTooLargeError } from '../../../application/ports/store-errors.ts';
import { chainedMetadata, nextLink, storedHash } from '../../../application/audit/event-hash.ts';
import { appendBytes, DEFAULT_MAX_APPEND_BYTES } from '../append-size.ts';
import { newEventId } from '../event-id.ts';
import { translateKurrentDbError } from './kurrentdb-errors.ts';
import { toServerFilter } from './kurrentdb-filter.ts';
import { KurrentDbNamespace } from './kurrentdb-namespace.ts';
import { subscribeToKurrentDb } from './kurrentdb-subscription.ts';
import { positionOf, toRecordedEvent } from './to-recorded-event.ts';

interface KurrentDbOptions {
  /** Prefix of every stream and event type (a fresh one per test run); empty in production. */
  namespace?: string;
  /** The server's MaxAppendSize: larger appends are refused before anything is sent. */
  maxAppendBytes?: number;
  /** How long an `any`/`stream_exists` append keeps retrying while other writers win the race for the stream. */
  contentionBudgetMs?: number;
  random?: () => number;
}

/** Our log position is the commit position; resuming passes it as both commit and prepare. */
export class KurrentDbEventStore implements EventStore {
  private readonly names: KurrentDbNamespace;
  private readonly maxAppendBytes: number;
  private readonly contentionBudgetMs: number;
  private readonly random: () => number;

  constructor(
    private readonly client: KurrentDBClient,
    options: KurrentDbOptions = {},
  ) {
    this.names = new KurrentDbNamespace(options.namespace);
    this.maxAppendBytes = options.maxAppendBytes ?? DEFAULT_MAX_APPEND_BYTES;
    this.contentionBudgetMs = options.contentionBudgetMs ?? 10_000;
    this.random = options.random ?? Math.random;
  }

  /** `url` is a connection string such as `kurrentdb://localhost:2113?tls=false` (also kurrent://, esdb://). */
  static open(url: string, options: KurrentDbOptions = {}): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(url), options);
  }

  /**
   * Reads the stream's last event to chain the new ones to it, then appends expecting exactly that revision, so the
   * server refuses the write if anything landed in between. `any` and `stream_exists` keep their meaning by reading
   * again and retrying after a short random pause, for a bounded time; only then do they give up with a
   * ConcurrencyError.
   */
  async append(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    const ids = events.map((event) => event.id ?? newEventId());
    const bytes = appendBytes(events.map((event) => ({ type: event.type, data: JSON.stringify(event.data), metadata: event.metadata })));
    if (bytes > this.maxAppendBytes) throw new EventTooLargeError(streamId, bytes, this.maxAppendBytes);
    const deadline = Date.now() + this.contentionBudgetMs;
    for (let attempt = 1; ; attempt += 1) {
      const last = await this.lastEventOf(streamId);
      const actual = last?.revision ?? 'no_stream';
      if (!meetsExpectation(expected, actual)) throw new ConcurrencyError(streamId, expected, actual);
      let previousHash = nextLink(streamId, last?.hash);
      const data = events.map((event, index) => {
        const revision = (last?.revision ?? -1n) + 1n + BigInt(index);
        const metadata = chainedMetadata(previousHash, { streamId, revision, id: ids[index], type: event.type, data: event.data, metadata: event.metadata });
        previousHash = String(metadata.$hash);
        return jsonEvent({ id: ids[index], type: this.names.type(event.type), data: event.data, metadata });
      });
      try {
        const result = await this.client.appendToStream(this.names.stream(streamId), data, { streamState: last ? last.revision : NO_STREAM });
        const position = result.position?.commit ?? (await this.lastPositionOf(streamId));
        return { nextExpectedRevision: result.nextExpectedRevision, position };
      } catch (error) {
        if (error instanceof MaxAppendSizeExceededError) throw new EventTooLargeError(streamId, bytes, error.maxAppendSize);
        if (!(error instanceof WrongExpectedVersionError)) throw translateKurrentDbError(error, `append to ${streamId}`);
        const flexible = expected === 'any' || expected === 'stream_exists';
        if (!flexible || Date.now() >= deadline) throw new ConcurrencyError(streamId, expected, error.actualState ?? NO_STREAM);
        // Spread the racers out: a random pause that grows with the attempts, at most 250 ms.
        await new Promise((resolve) => setTimeout(resolve, Math.round(this.random() * Math.min(250, 5 * 2 ** Math.min(attempt, 6)))));
      }
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(this.names.stream(streamId))) {
        const recorded = toRecordedEvent(resolved, this.names);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw translateKurrentDbError(error, `read ${streamId}`);
    }
    return events;
  }

  async streamRevision(streamId: string): Promise<bigint | 'no_stream'> {
    return (await this.lastEventOf(streamId))?.revision ?? 'no_stream';
  }

  async readAll({ after, maxCount, filter }: ReadAllOptions): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    try {
      const reading = this.client.readAll({
        fromPosition: after === undefined || after === 0n ? START : { commit: after, prepare: after },
        // A read from a position includes the event at it; one extra makes up for dropping it.
        maxCount: maxCount + 1,
        filter: toServerFilter(filter, this.names),
      });
      for await (const resolved of reading) {
        const recorded = toRecordedEvent(resolved, this.names);
        if (!recorded || (after !== undefined && recorded.position <= after)) continue;
        if (!matchesFilter(recorded.type, filter)) continue;
        events.push(recorded);
        if (events.length >= maxCount) break;
      }
    } catch (error) {
      throw translateKurrentDbError(error, 'read $all');
    }
    return events;
  }

  subscribeToAll(options: SubscribeOptions): EventSubscription {
    return subscribeToKurrentDb(this.client, this.names, options);
  }

  /** The last event of ours, read backwards from the end of $all: only system events (if any) are passed over. */
  async headPosition(): Promise<bigint> {
    try {
      const reading = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: toServerFilter(undefined, this.names) });
      for await (const resolved of reading) {
        const position = positionOf(resolved);
        if (position !== undefined) return position;
      }
    } catch (error) {
      throw translateKurrentDbError(error, 'read the end of $all');
    }
    return 0n;
  }

  /** Reads forward from `position`, at most `limit` events: the cost is bounded by the limit, not by the log. */
  async eventsAfter(position: bigint, limit: number): Promise<number> {
    if (limit <= 0) return 0;
    let count = 0;
    try {
      const reading = this.client.readAll({
        fromPosition: position === 0n ? START : { commit: position, prepare: position },
        maxCount: limit + 1,
        filter: toServerFilter(undefined, this.names),
      });
      for await (const resolved of reading) {
        const at = positionOf(resolved);
        if (at !== undefined && at > position && ++count >= limit) break;
      }
    } catch (error) {
      throw translateKurrentDbError(error, 'count events after a position');
    }
    return count;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async lastEventOf(streamId: string): Promise<{ revision: bigint; hash: string | undefined } | undefined> {
    try {
      for await (const resolved of this.client.readStream(this.names.stream(streamId), { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (resolved.event) return { revision: resolved.event.revision, hash: storedHash(metadataOf(resolved.event.metadata)) };
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw translateKurrentDbError(error, `read the end of ${streamId}`);
    }
    return undefined;
  }

  private async lastPositionOf(streamId: string): Promise<bigint> {
    try {
      for await (const resolved of this.client.readStream(this.names.stream(streamId), { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        const position = positionOf(resolved);
        if (position !== undefined) return position;
      }
    } catch (error) {
      throw translateKurrentDbError(error, `read the end of ${streamId}`);
    }
    return 0n;
  }
}


function metadataOf(metadata: unknown): EventMetadata | undefined {
  return typeof metadata === 'object' && metadata !== null && !(metadata instanceof Uint8Array) ? (metadata as EventMetadata) : undefined;
}
