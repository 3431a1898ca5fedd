import type { EventTypeFilter, RecordedEvent } from '../../../application/ports/event-store.ts';

/** Events of a read, and the position up to which every event of the log was looked at. */
export interface TailRead {
  events: RecordedEvent[];
  through: bigint;
}

interface LogTailSource {
  /** Events after `after`, every type, in log order. */
  readAfter(after: bigint, maxCount: number): RecordedEvent[];
  head(): bigint;
  now(): number;
}

/** Reads woken by one notification within this long share one query; a poll (another process appended) reads afresh. */
const FRESH_MS = 20;

export interface LogTailLimits {
  /** The most events the window keeps for subscriptions behind its newest `capacity` events. */
  reach?: number;
  /** A subscription that has not read for this long no longer keeps events in the window. */
  readerIdleMs?: number;
}

/** Where a subscription reading from the window was when it last read, and when that was. */
interface ReaderMark {
  after: bigint;
  at: number;
}

/**
 * The newest events of the log, read once for every live subscription of a store: a dozen projections and process
 * managers woken by one append share one query and one parse of each event, instead of each reading and parsing the
 * same rows. A subscription behind the window reads the log itself (`read` answers undefined). Every event between
 * `from` (excluded) and `to` is in the window: commits are serialized, so none can appear there later.
 *
 * The window keeps the newest `capacity` events, and more (up to `reach`) while a subscription that reads from it
 * (one that names itself as `reader`) still needs them: a burst that leaves some subscriptions seconds behind would
 * otherwise send each of them to the log, every one reading and parsing the same events again, which costs the
 * thread more than the burst did and keeps them behind.
 */
export class LogTail {
  private window: RecordedEvent[] = [];
  private from = -1n;
  private to = -1n;
  private generation = 0;
  private readGeneration = -1;
  private readAt = Number.NEGATIVE_INFINITY;
  private readonly readers = new Map<object, ReaderMark>();
  private readonly reach: number;
  private readonly readerIdleMs: number;

  constructor(
    private readonly source: LogTailSource,
    private readonly capacity = 4_096,
    limits: LogTailLimits = {},
  ) {
    this.reach = Math.max(capacity, limits.reach ?? 32_768);
    this.readerIdleMs = limits.readerIdleMs ?? 10_000;
  }

  /** Something was appended: the next read that reaches the end of the window looks for it. */
  invalidate(): void {
    this.generation += 1;
  }

  /** `reader`: the subscription reading, so that the window keeps what it has yet to read (see `forget`). */
  read(after: bigint, maxCount: number, filter: EventTypeFilter | undefined, reader?: object): TailRead | undefined {
    if (this.to < 0n) this.from = this.to = this.source.head();
    if (reader) this.readers.set(reader, { after, at: this.source.now() });
    if (after >= this.to) this.refresh();
    if (after < this.from) {
      if (reader) this.readers.delete(reader);
      return undefined;
    }
    const events: RecordedEvent[] = [];
    for (let i = this.firstAfter(after); i < this.window.length && events.length < maxCount; i += 1) {
      if (matches(this.window[i], filter)) events.push(this.window[i]);
    }
    const through = events.length === maxCount ? events[events.length - 1].position : this.to;
    return { events, through };
  }

  /**
   * Whether a read after `after` may find an event `filter` takes: false only when the window holds every event of
   * the log after `after`, new appends included, and none of them matches, so a subscription woken now would read
   * nothing.
   */
  mayHold(after: bigint, filter: EventTypeFilter | undefined): boolean {
    if (this.to < 0n || after < this.from || this.matchesAfter(after, filter)) return true;
    const seen = this.to;
    // Behind the window now, or a full read that may have left events in the log: only a read can tell.
    if (!this.holdsEverythingAfter(after)) return true;
    return this.matchesAfter(seen > after ? seen : after, filter);
  }

  /**
   * How many events of the log follow `after` (at most `limit`) when the window holds every one of them, new appends
   * included; undefined when only the log can tell (behind the window, or a read that filled it). The health of a
   * thread's subscriptions asks this for each of them every time it is read: counted in the log, that cost the workers
   * thread about 1.5 % of its time with `/health/ready` read every second under load.
   */
  countAfter(after: bigint, limit: number): number | undefined {
    if (this.to < 0n || after < this.from || !this.holdsEverythingAfter(after)) return undefined;
    return Math.min(limit, this.window.length - this.firstAfter(after));
  }

  /** The reader reads no more (its subscription closed): the window stops keeping events for it. */
  forget(reader: object): void {
    this.readers.delete(reader);
  }

  private matchesAfter(after: bigint, filter: EventTypeFilter | undefined): boolean {
    for (let i = this.firstAfter(after); i < this.window.length; i += 1) if (matches(this.window[i], filter)) return true;
    return false;
  }

  /** Reads what was appended since the last read (if anything): whether the window then holds every event after `after`. */
  private holdsEverythingAfter(after: bigint): boolean {
    this.refresh();
    return after >= this.from && this.readGeneration === this.generation;
  }

  private refresh(): void {
    const now = this.source.now();
    if (this.readGeneration === this.generation && now - this.readAt < FRESH_MS) return;
    const fresh = this.source.readAfter(this.to, this.capacity);
    // A full read may have left events behind: the next read looks again at once.
    this.readGeneration = fresh.length < this.capacity ? this.generation : -1;
    this.readAt = now;
    if (fresh.length === 0) return;
    for (const event of fresh) this.window.push(event);
    this.to = fresh[fresh.length - 1].position;
    const excess = this.window.length - this.kept();
    if (excess > 0) {
      this.from = this.window[excess - 1].position;
      this.window.splice(0, excess);
    }
  }

  /** The newest `capacity` events, or as many more as the readers still need, up to `reach`. */
  private kept(): number {
    const now = this.source.now();
    let oldest: bigint | undefined;
    for (const [reader, mark] of this.readers) {
      if (now - mark.at > this.readerIdleMs) this.readers.delete(reader);
      else if (oldest === undefined || mark.after < oldest) oldest = mark.after;
    }
    if (oldest === undefined) return this.capacity;
    return Math.min(this.reach, Math.max(this.capacity, this.window.length - this.firstAfter(oldest)));
  }

  private firstAfter(after: bigint): number {
    let low = 0;
    let high = this.window.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.window[middle].position <= after) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** The filter's meaning in the store's query: an exact type or a case-sensitive prefix. */
export function matches(event: RecordedEvent, filter: EventTypeFilter | undefined): boolean {
  const types = filter?.eventTypes ?? [];
  const prefixes = filter?.eventTypePrefixes ?? [];
  if (types.length === 0 && prefixes.length === 0) return true;
  return types.includes(event.type) || prefixes.some((prefix) => event.type.startsWith(prefix));
}
