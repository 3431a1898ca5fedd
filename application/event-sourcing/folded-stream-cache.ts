import type { Decider } from '../../domain/shared/decider.ts';
import type { AggregateStore } from './aggregate-store.ts';
import type { DomainEvent } from './domain-event.ts';

interface Folded<S> {
  state: S;
  revision: bigint;
}

/** Enough for every key or company a process serves at once; beyond it the oldest entries are dropped. */
const DEFAULT_MAX_STREAMS = 10_000;

/**
 * The folded state of small streams read on every request (an API key, a company's numbering resolutions), kept with
 * the revision it was folded at. Every `load` first asks the store for the stream's revision (an index lookup, no
 * events read); a stream that another thread, process or instance appended to since is read and folded again. So
 * the answer is always as fresh as reading the stream, never stale: streams only grow, so an unchanged revision
 * means unchanged events. A stream that does not exist costs that one lookup and is not kept (unknown keys cannot
 * fill the memory).
 */
export class FoldedStreamCache<C, E extends DomainEvent, S> {
  private readonly folded = new Map<string, Folded<S>>();

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly decider: Decider<C, E, S>,
    private readonly maxStreams = DEFAULT_MAX_STREAMS,
  ) {}

  async load(streamId: string): Promise<S> {
    const revision = await this.aggregates.revision(streamId);
    if (revision === 'no_stream') {
      this.folded.delete(streamId);
      return this.decider.initialState();
    }
    const cached = this.folded.get(streamId);
    if (cached && cached.revision === revision) return cached.state;
    const loaded = await this.aggregates.load(streamId, this.decider);
    this.folded.delete(streamId);
    // Kept at the revision actually folded, which may be later than the one asked above.
    if (typeof loaded.expected === 'bigint') {
      if (this.folded.size >= this.maxStreams) this.folded.delete(this.folded.keys().next().value as string);
      this.folded.set(streamId, { state: loaded.state, revision: loaded.expected });
    }
    return loaded.state;
  }
}
