import type { EventStore } from '../../application/ports/event-store.ts';

/** What a store wrapped by `readCounting` was asked to read. */
export interface ReadCounts {
  /** The stream ids read, in order. */
  streams: string[];
  /** The stream ids whose revision alone was asked (streamRevision), in order. */
  revisions: string[];
  heads: number;
}

/** The store as is, counting its stream and head reads: for tests that a component reads less, not only right. */
export function readCounting(inner: EventStore): { store: EventStore; reads: ReadCounts } {
  const reads: ReadCounts = { streams: [], revisions: [], heads: 0 };
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'readStream') return (id: string) => (reads.streams.push(id), target.readStream(id));
      if (property === 'streamRevision') return (id: string) => (reads.revisions.push(id), target.streamRevision(id));
      if (property === 'headPosition') return () => ((reads.heads += 1), target.headPosition());
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store, reads };
}
