import type { Transaction } from 'better-sqlite3';
import { Subject } from 'rxjs';
import {
  ConcurrencyError,
  meetsExpectation,
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
import { chainLinker, nextLink, type ChainLink } from '../../../application/audit/event-hash.ts';
import { EventTooLargeError, StoreFullError, StoreUnavailableError } from '../../../application/ports/store-errors.ts';
import { DEFAULT_MAX_APPEND_BYTES, appendBytes } from '../append-size.ts';
import { newEventId } from '../event-id.ts';
import { openDatabase, type SqliteDatabase } from '../../sqlite/open-database.ts';
import { isSqliteFullError } from '../../sqlite/sqlite-full-error.ts';
import { PeriodicCheckpoint } from '../../sqlite/periodic-checkpoint.ts';
import { PreparedStatements } from '../../sqlite/prepared-statements.ts';
import { busyRetryDelay, isBusy, isConstraint } from './append-faults.ts';
import { EVENT_COLUMNS, EVENTS_SCHEMA, filterClause, toRecorded, type EventRow } from './events-table.ts';
import { GroupCommit } from './group-commit.ts';
import { LogTail, type TailRead } from './log-tail.ts';
import { StreamHeads, type StreamHead } from './stream-heads.ts';
import { subscribeByPolling } from './subscribe-by-polling.ts';
import { SubscriptionWakes } from './subscription-wakes.ts';

interface PreparedEvent {
  event: EventData;
  id: string;
  data: string;
  /** The event's hash and stored metadata once its previous event and revision are known (in the write lock). */
  link: (previousHash: string, revision: bigint) => ChainLink;
}

interface QueuedAppend {
  streamId: string;
  events: readonly PreparedEvent[];
  expected: ExpectedRevision;
}

interface SqliteEventStoreOptions {
  /** How often a live subscription looks for events written by another process. */
  pollIntervalMs?: number;
  /** The largest append accepted, in bytes of data and metadata (as KurrentDB counts them). */
  maxAppendBytes?: number;
}

export class SqliteEventStore implements EventStore {
  private readonly db: SqliteDatabase;
  /** Emits at each commit: the tail looks again, and `onAppended` tells other threads at once. */
  private readonly appended = new Subject<bigint>();
  private readonly wakes = new SubscriptionWakes();
  private readonly pollIntervalMs: number;
  private readonly maxAppendBytes: number;
  private readonly statements;
  private readonly prepared: PreparedStatements;
  private readonly groups: GroupCommit<QueuedAppend, AppendResult>;
  private readonly tail: LogTail;
  private readonly walCheckpoint: PeriodicCheckpoint;
  private readonly heads = new StreamHeads();
  /**
   * A group's appends in one transaction, each of several events in a savepoint of its own (about 8 % of a group's CPU
   * when each append had one); made once (a wrapper costs a few µs).
   */
  private readonly appendGroup: Transaction<(appends: readonly QueuedAppend[]) => Array<{ result: AppendResult } | { error: unknown }>>;
  private closed = false;

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
    this.db = openDatabase(file);
    // The reads of the subscriptions: one SQL shape for each filter.
    this.prepared = new PreparedStatements(this.db, true);
    this.db.exec(EVENTS_SCHEMA);
    this.db.pragma('busy_timeout = 0');
    this.walCheckpoint = new PeriodicCheckpoint(this.db, file);
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.maxAppendBytes = options.maxAppendBytes ?? DEFAULT_MAX_APPEND_BYTES;
    this.statements = {
      lastEvent: this.db.prepare<[string], { revision: number; hash: unknown }>(
        `SELECT revision, json_extract(metadata, '$."$hash"') AS hash FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1`,
      ),
      insert: this.db.prepare(
        'INSERT INTO events (event_id, stream_id, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      readStream: this.db.prepare<[string], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? ORDER BY revision`).raw(true),
      streamRevision: this.db.prepare<[string], { revision: number | null }>('SELECT max(revision) AS revision FROM events WHERE stream_id = ?'),
      head: this.db.prepare<[], { position: number | null }>('SELECT max(position) AS position FROM events'),
      countAfter: this.db.prepare<[number, number], { n: number }>('SELECT count(*) AS n FROM (SELECT 1 FROM events WHERE position > ? LIMIT ?)'),
    };
    const appendOne = this.db.transaction((append: QueuedAppend) => this.appendNow(append.streamId, append.events, append.expected));
    this.appendGroup = this.db.transaction((appends: readonly QueuedAppend[]) =>
      appends.map((append) => {
        try {
          // One event is one INSERT, which SQLite undoes by itself when refused: only several need a savepoint.
          return { result: append.events.length === 1 ? this.appendNow(append.streamId, append.events, append.expected) : appendOne(append) };
        } catch (error) {
          // The write lock or a broken database fails the whole group; anything else fails this append only.
          if (isBusy(error) || !(error instanceof ConcurrencyError || isConstraint(error))) throw error;
          return { error };
        }
      }),
    );
    this.tail = new LogTail({ readAfter: (after, maxCount) => this.readNewest(after, maxCount), head: () => this.head(), now: Date.now });
    this.appended.subscribe(() => this.tail.invalidate());
    this.groups = new GroupCommit<QueuedAppend, AppendResult>({
      writeAll: (appends) => this.writeAll(appends),
      isRetryable: isBusy,
      delayBefore: busyRetryDelay,
      // The appends of a thread whose own subscriptions take them (the process managers'): spaced while it is busy.
      paced: () => this.wakes.observed,
      giveUp: (error) => new StoreUnavailableError('event store', 'the write lock of the log stayed busy', { cause: error }),
      committed: (results) => {
        this.heads.committed();
        this.walCheckpoint.afterCommit();
        const position = results[results.length - 1].position;
        this.appended.next(position);
        this.wakes.afterCommit(position);
      },
    });
  }

  /**
   * Appends asked for in one turn of the event loop are committed together (GroupCommit), each in its own savepoint,
   * so one refused for its expected revision refuses alone. The connection waits for no lock (busy_timeout 0): when
   * another thread or process holds the write lock, the group is retried on a later turn instead of putting the whole
   * thread to sleep.
   */
  async append(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    const prepared = events.map((event): PreparedEvent => {
      const id = event.id ?? newEventId();
      return { event, id, data: JSON.stringify(event.data), link: chainLinker(streamId, { id, type: event.type, data: event.data, metadata: event.metadata }) };
    });
    const bytes = appendBytes(prepared.map(({ event, data }) => ({ type: event.type, data, metadata: event.metadata })));
    if (bytes > this.maxAppendBytes) throw new EventTooLargeError(streamId, bytes, this.maxAppendBytes);
    return this.groups.submit({ streamId, events: prepared, expected });
  }

  /** Resolves once every append asked for so far has been written or refused. */
  flushed(): Promise<void> {
    return this.groups.settled();
  }

  private writeAll(appends: readonly QueuedAppend[]): Array<{ result: AppendResult } | { error: unknown }> {
    this.heads.beginGroup();
    try {
      return this.appendGroup.immediate(appends);
    } catch (error) {
      // The whole group's transaction was rolled back: nothing of it is in the log.
      if (isSqliteFullError(error)) throw new StoreFullError('event store', `SQLite append: ${(error as Error).message}`, { cause: error });
      throw error;
    }
  }

  private appendNow(streamId: string, events: readonly PreparedEvent[], expected: ExpectedRevision): AppendResult {
    const known = this.heads.linkFor(streamId, expected);
    const head = known ?? this.lookUpHead(streamId, expected);
    let revision = head.revision;
    let position = 0n;
    // Chained inside the write transaction, so no concurrent append can link to the same previous event.
    let previousHash = nextLink(streamId, head.hash);
    const createdAt = new Date().toISOString();
    try {
      for (const { event, id, data, link } of events) {
        revision += 1n;
        const { hash, metadataJson } = link(previousHash, revision);
        previousHash = hash;
        position = BigInt(this.statements.insert.run(id, streamId, Number(revision), event.type, data, metadataJson, createdAt).lastInsertRowid);
      }
    } catch (error) {
      // The first event refused: another writer may have appended after the head this connection knew (the look-up
      // then throws the ConcurrencyError). Any other refusal (an event id used before) stands.
      if (known && revision === head.revision + 1n && isConstraint(error)) this.lookUpHead(streamId, expected);
      throw error;
    }
    this.heads.appended(streamId, { revision, hash: previousHash });
    return { nextExpectedRevision: revision, position };
  }

  /** The stream's newest event, read inside the write lock; throws the ConcurrencyError when it is not the one expected. */
  private lookUpHead(streamId: string, expected: ExpectedRevision): StreamHead {
    const last = this.statements.lastEvent.get(streamId);
    const actual = last === undefined ? 'no_stream' : BigInt(last.revision);
    if (!meetsExpectation(expected, actual)) throw new ConcurrencyError(streamId, expected, actual);
    return { revision: actual === 'no_stream' ? -1n : actual, hash: typeof last?.hash === 'string' ? last.hash : undefined };
  }

  readStream(streamId: string): Promise<RecordedEvent[]> {
    const events = this.statements.readStream.all(streamId).map(toRecorded);
    this.heads.saw(events.slice(-1));
    return Promise.resolve(events);
  }

  streamRevision(streamId: string): Promise<bigint | 'no_stream'> {
    const revision = this.statements.streamRevision.get(streamId)?.revision;
    return Promise.resolve(revision === null || revision === undefined ? 'no_stream' : BigInt(revision));
  }

  readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return Promise.resolve(this.readNow(options));
  }

  /** The log's newest events, for the tail: what its subscriptions' handlers append next links to them. */
  private readNewest(after: bigint, maxCount: number): RecordedEvent[] {
    const events = this.readNow({ after, maxCount });
    this.heads.saw(events);
    return events;
  }

  private readNow(options: ReadAllOptions): RecordedEvent[] {
    const { clause, params } = filterClause(options.filter);
    const rows = this.prepared.get<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ${clause} ORDER BY position LIMIT ?`).all(
      Number(options.after ?? 0n),
      ...params,
      options.maxCount,
    );
    return rows.map(toRecorded);
  }

  /** Calls `listener` after each append made through this instance (to tell another thread to look). */
  onAppended(listener: () => void): () => void {
    const subscription = this.appended.subscribe(() => listener());
    return () => subscription.unsubscribe();
  }

  /** Wakes this instance's live subscriptions for appends made elsewhere (another thread or process). */
  notifyAppended(): void {
    if (this.closed) return;
    this.appended.next(0n);
    this.wakes.now(0n);
  }

  subscribeToAll(options: SubscribeOptions): EventSubscription {
    const reader = {};
    const subscription = subscribeByPolling({
      after: options.after ?? 0n,
      read: (after, maxCount) => Promise.resolve(this.readForSubscription(after, maxCount, options.filter, reader)),
      mayHold: (after) => this.tail.mayHold(after, options.filter),
      appended: this.wakes.signal,
      batchSize: 2_000,
      pollIntervalMs: this.pollIntervalMs,
    });
    return {
      [Symbol.asyncIterator]: () => subscription[Symbol.asyncIterator](),
      close: async () => {
        this.tail.forget(reader);
        await subscription.close();
      },
    };
  }

  /** From the shared tail when the subscription is live, else from the log (a catch-up, in bigger reads). */
  private readForSubscription(after: bigint, maxCount: number, filter: EventTypeFilter | undefined, reader: object): TailRead {
    const fromTail = this.tail.read(after, maxCount, filter, reader);
    if (fromTail) return fromTail;
    const head = this.head();
    const events = this.readNow({ after, maxCount, filter });
    return { events, through: events.length < maxCount ? head : events[events.length - 1].position };
  }

  private head(): bigint {
    return BigInt(this.statements.head.get()?.position ?? 0);
  }

  headPosition(): Promise<bigint> {
    return Promise.resolve(this.head());
  }

  eventsAfter(position: bigint, limit: number): Promise<number> {
    return Promise.resolve(this.tail.countAfter(position, limit) ?? this.statements.countAfter.get(Number(position), limit)!.n);
  }

  async close(): Promise<void> {
    await this.groups.settled();
    if (!this.closed) {
      this.closed = true;
      this.appended.complete();
      this.wakes.close();
      this.db.close();
    }
  }
}
