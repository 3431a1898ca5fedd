/** Expected state of a stream when appending: optimistic concurrency. Revisions are 0-based. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface EventMetadata {
  $correlationId?: string;
  $causationId?: string;
  tenantId?: string;
  environment?: string;
  actor?: string;
  schemaVersion?: number;
  [key: string]: unknown;
}

export interface EventData {
  id?: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  type: string;
  /** Position of the event inside its stream, 0-based. */
  revision: bigint;
  /** Position in the whole log; strictly increasing. */
  position: bigint;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  createdAt: Date;
}

export interface AppendResult {
  nextExpectedRevision: bigint;
  position: bigint;
}

/** Matches an event when its type is listed, or starts with one of the prefixes. */
export interface EventTypeFilter {
  eventTypes?: readonly string[];
  eventTypePrefixes?: readonly string[];
}

export interface ReadAllOptions {
  /** Exclusive: only events after this position. Omitted: from the start of the log. */
  after?: bigint;
  maxCount: number;
  filter?: EventTypeFilter;
}

export interface SubscribeOptions {
  after?: bigint;
  filter?: EventTypeFilter;
}

/**
 * What a subscription delivers, in log order:
 * - `event`: an event the filter takes;
 * - `checkpoint`: every event the filter takes at or before `position` was delivered before this message, so a
 *   consumer may resume after `position` (it moves a filtered consumer past the events it does not take);
 * - `caught-up`: everything in the log when the message was sent has been delivered; later messages are live.
 */
export type SubscriptionMessage =
  | { kind: 'event'; event: RecordedEvent }
  | { kind: 'checkpoint'; position: bigint }
  | { kind: 'caught-up' };

/**
 * Catches up from `after`, then stays live until closed. It ends (or throws) when the store drops it: a server
 * restart, a leader change, a lost connection; the consumer resubscribes from what it has handled.
 */
export interface EventSubscription extends AsyncIterable<SubscriptionMessage> {
  close(): Promise<void>;
}

export interface EventStore {
  append(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult>;
  /** All events of a stream, oldest first; empty when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * The revision of the stream's last event, 'no_stream' when there is none: read from the end without the events
   * (an index lookup), so a cache can check that the stream it folded is still as it was.
   */
  streamRevision(streamId: string): Promise<bigint | 'no_stream'>;
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeOptions): EventSubscription;
  /** Position of the end of the log: its last event's (0n when empty). Read from the end, never a scan. */
  headPosition(): Promise<bigint>;
  /** How many events of ours the log holds after `position`, counting at most `limit` (lag, in events). */
  eventsAfter(position: bigint, limit: number): Promise<number>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = 'ConcurrencyError';
  }
}

/** Whether a stream at `actual` meets the expectation of an append. */
export function meetsExpectation(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return actual === expected;
}

export function matchesFilter(type: string, filter?: EventTypeFilter): boolean {
  if (!filter) return true;
  const { eventTypes, eventTypePrefixes } = filter;
  if (!eventTypes?.length && !eventTypePrefixes?.length) return true;
  if (eventTypes?.includes(type)) return true;
  return eventTypePrefixes?.some((prefix) => type.startsWith(prefix)) ?? false;
}
