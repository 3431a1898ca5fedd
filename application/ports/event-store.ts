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

/** Catches up from `after`, then stays live until closed. */
export interface EventSubscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  append(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult>;
  /** All events of a stream, oldest first; empty when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeOptions): EventSubscription;
  /** Position of the last event in the log (0n when empty). */
  headPosition(filter?: EventTypeFilter): Promise<bigint>;
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

export function matchesFilter(type: string, filter?: EventTypeFilter): boolean {
  if (!filter) return true;
  const { eventTypes, eventTypePrefixes } = filter;
  if (!eventTypes?.length && !eventTypePrefixes?.length) return true;
  if (eventTypes?.includes(type)) return true;
  return eventTypePrefixes?.some((prefix) => type.startsWith(prefix)) ?? false;
}
