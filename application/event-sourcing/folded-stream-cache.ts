import { performance } from 'node:perf_hooks';
import { keepBounded } from '../../domain/shared/bounded-map.ts';
import type { Decider } from '../../domain/shared/decider.ts';
import type { AggregateStore } from './aggregate-store.ts';
import type { DomainEvent } from './domain-event.ts';

interface Folded<S> {
  state: S;
  revision: bigint;
}

/** A revision asked of the store: when it ran (on the cache's clock; undefined until it does) and its answer. */
interface RevisionCheck {
  askedAt: number | undefined;
  revision: Promise<bigint | 'no_stream'>;
}

export interface FoldedStreamCacheOptions {
  /** Enough for every key or company a process serves at once; beyond it the oldest entries are dropped. */
  maxStreams?: number;
  /** The clock of `since` and of the lookups (default: the thread's monotonic `performance.now()`). */
  now?: () => number;
  /**
   * Runs a lookup later, never before it returns: by default on this turn's check phase (setImmediate), once the work
   * the turn read has asked.
   */
  defer?: (run: () => void) => void;
}

const DEFAULT_MAX_STREAMS = 10_000;

/**
 * The folded state of small streams read on every request (an API key, a company's numbering resolutions), kept with
 * the revision it was folded at. A `load` first asks the store for the stream's revision (an index lookup, no events
 * read); a stream that another thread, process or instance appended to since is read and folded again. So the answer
 * is always as fresh as reading the stream, never stale: streams only grow, so an unchanged revision means unchanged
 * events. A stream that does not exist costs that one lookup and is not kept (unknown keys cannot fill the memory).
 *
 * `since` (optional): when the caller's operation began, on this cache's clock (`now`; an HTTP request: when this
 * process read it). Such a load's lookup runs on the check phase of the event loop (`defer`), not when asked, and every
 * load with a `since` asked before it runs shares it: it runs after each of them was asked, so it answers as fresh as
 * one of their own would. Requests read from their sockets in one turn (ten at once on one API key) then share one
 * lookup and go on together, each step of theirs run for all of them in a row; see README, "How the embedded path
 * batches", for what that saved. A lookup that already ran after `since` answers for it too: whatever the caller could
 * have seen committed before sending its request was committed before the lookup. None reuses one that ran before it
 * arrived. Without `since` (the workers' process managers), every load asks at once, as a handler of one event at a
 * time gains nothing from waiting for the turn to end.
 */
export class FoldedStreamCache<C, E extends DomainEvent, S> {
  private readonly folded = new Map<string, Folded<S>>();
  private readonly checks = new Map<string, RevisionCheck>();
  private readonly maxStreams: number;
  private readonly now: () => number;
  private readonly defer: (run: () => void) => void;

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly decider: Decider<C, E, S>,
    options: FoldedStreamCacheOptions = {},
  ) {
    this.maxStreams = options.maxStreams ?? DEFAULT_MAX_STREAMS;
    this.now = options.now ?? (() => performance.now());
    this.defer = options.defer ?? setImmediate;
  }

  async load(streamId: string, since?: number): Promise<S> {
    const revision = await this.revision(streamId, since);
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
      keepBounded(this.folded, streamId, { state: loaded.state, revision: loaded.expected }, this.maxStreams);
    }
    return loaded.state;
  }

  private revision(streamId: string, since: number | undefined): Promise<bigint | 'no_stream'> {
    const last = this.checks.get(streamId);
    // Strictly after: a lookup that ran at the very moment the operation began may have run before it.
    if (since !== undefined && last && (last.askedAt === undefined || last.askedAt > since)) return last.revision;
    const check: RevisionCheck =
      since === undefined ? { askedAt: this.now(), revision: this.aggregates.revision(streamId) } : this.deferredCheck(streamId);
    keepBounded(this.checks, streamId, check, this.maxStreams);
    // A failed lookup answers no one else: the next load asks again.
    check.revision.catch(() => {
      if (this.checks.get(streamId) === check) this.checks.delete(streamId);
    });
    return check.revision;
  }

  /** A lookup run on the check phase (`defer`): every load with a `since` asked before it runs shares it. */
  private deferredCheck(streamId: string): RevisionCheck {
    const check: RevisionCheck = {
      askedAt: undefined,
      revision: new Promise((resolve, reject) =>
        this.defer(() => {
          check.askedAt = this.now();
          try {
            resolve(this.aggregates.revision(streamId));
          } catch (error) {
            reject(error);
          }
        }),
      ),
    };
    return check;
  }
}
