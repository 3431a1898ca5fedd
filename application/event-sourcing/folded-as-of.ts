import { keepBounded } from '../../domain/shared/bounded-map.ts';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';

interface StreamRead<S> {
  /** The log's head seen before the stream was read: the read holds every event of the stream before any position up to it. */
  through: bigint;
  events: RecordedEvent[];
  /** All of `events` folded, made on first use. */
  folded?: S;
}

/** Enough for every company whose events one dispatcher meets at once; beyond it the oldest reads are dropped. */
const DEFAULT_MAX_STREAMS = 10_000;

/**
 * Small streams folded as they stood at a position of the log (the webhook registries, for each notification), read
 * once per stretch of the log instead of once per event. The log commits its positions in order, so a stream read
 * after the head was seen at H holds every event of that stream before any position up to H: the read answers for
 * all of them, and the first position past H reads the head and the stream again. A stream that changed later is
 * seen by every position after the change, as a fresh read would.
 */
export class FoldedAsOf<S> {
  private head = -1n;
  private readonly reads = new Map<string, StreamRead<S>>();

  constructor(
    private readonly store: EventStore,
    private readonly fold: (events: readonly RecordedEvent[]) => S,
    private readonly maxStreams = DEFAULT_MAX_STREAMS,
  ) {}

  /** The stream folded from its events recorded before `position` of the log only. */
  async before(streamId: string, position: bigint): Promise<S> {
    let read = this.reads.get(streamId);
    if (!read || position > read.through) read = await this.read(streamId, position);
    const last = read.events.at(-1);
    if (!last || last.position < position) return (read.folded ??= this.fold(read.events));
    return this.fold(read.events.filter((event) => event.position < position));
  }

  private async read(streamId: string, position: bigint): Promise<StreamRead<S>> {
    if (position > this.head) this.head = await this.store.headPosition();
    const read: StreamRead<S> = { through: this.head, events: await this.store.readStream(streamId) };
    keepBounded(this.reads, streamId, read, this.maxStreams);
    return read;
  }
}
