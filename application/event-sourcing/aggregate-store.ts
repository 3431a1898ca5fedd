import type { Decider } from '../../domain/shared/decider.ts';
import { ConcurrencyError, type EventStore, type ExpectedRevision, type RecordedEvent } from '../ports/event-store.ts';
import { toDomainEvent, type DomainEvent } from './domain-event.ts';
import { metadataFor, type RequestContext } from './request-context.ts';

export interface Loaded<State> {
  state: State;
  /** Revision to append after; 'no_stream' when the stream does not exist yet. */
  expected: ExpectedRevision;
  events: RecordedEvent[];
}

interface Handled<State, Event> {
  state: State;
  events: Event[];
  position: bigint | null;
  /** The stream's revision after this: what a caller that keeps `state` may pass on as `loaded` later. */
  expected: ExpectedRevision;
}

const MAX_ATTEMPTS = 5;

/** Read, fold, decide, append with the revision read; retries a bounded number of times on concurrent writes. */
export class AggregateStore {
  constructor(private readonly store: EventStore) {}

  async load<C, E extends DomainEvent, S>(streamId: string, decider: Decider<C, E, S>): Promise<Loaded<S>> {
    return this.fold(await this.store.readStream(streamId), decider);
  }

  /**
   * The stream as `events`, its first events in order, make it: for a caller that already holds them (a subscriber
   * handling a stream's first event). Passed to `handle` as `loaded`, a stream that has grown since only costs that
   * append its refusal for the expected revision, and `handle` reads the stream and decides again.
   */
  fold<C, E extends DomainEvent, S>(events: RecordedEvent[], decider: Decider<C, E, S>): Loaded<S> {
    const state = events.reduce((s, e) => decider.evolve(s, toDomainEvent<E>(e)), decider.initialState());
    const expected: ExpectedRevision = events.length === 0 ? 'no_stream' : events[events.length - 1].revision;
    return { state, expected, events };
  }

  /** The revision of the stream's last event ('no_stream' when it has none), without reading the events. */
  revision(streamId: string): Promise<bigint | 'no_stream'> {
    return this.store.streamRevision(streamId);
  }

  async handle<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C | ((state: S) => C),
    context: RequestContext,
    /** The stream as the caller just read (or folded) it; saves reading it again on the first attempt. */
    loaded?: Loaded<S>,
    /** What the caller already decided on `loaded`: appended as is on the first attempt, decided afresh on a retry. */
    decided?: E[],
  ): Promise<Handled<S, E>> {
    for (let attempt = 1; ; attempt += 1) {
      const first = attempt === 1 && loaded !== undefined;
      const { state, expected } = first ? loaded : await this.load(streamId, decider);
      const resolved = typeof command === 'function' ? (command as (state: S) => C)(state) : command;
      const events = first && decided ? decided : decider.decide(resolved, state);
      if (events.length === 0) return { state, events, position: null, expected };
      const metadata = metadataFor(context);
      try {
        const result = await this.store.append(
          streamId,
          events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown>, metadata })),
          expected,
        );
        return { state: events.reduce(decider.evolve, state), events, position: result.position, expected: result.nextExpectedRevision };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
