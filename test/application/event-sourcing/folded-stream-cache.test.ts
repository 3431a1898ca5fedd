import { performance } from 'node:perf_hooks';
import { expect } from 'chai';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { FoldedStreamCache } from '../../../application/event-sourcing/folded-stream-cache.ts';
import type { EventStore, RecordedEvent } from '../../../application/ports/event-store.ts';
import type { Decider } from '../../../domain/shared/decider.ts';
import { openTempStores, type TempStores } from '../../support/fixtures.ts';

type Counted = { type: 'Counted'; data: { n: number } };
const counter: Decider<never, Counted, { exists: boolean; total: number }> = {
  initialState: () => ({ exists: false, total: 0 }),
  decide: () => [],
  evolve: (state, event) => ({ exists: true, total: state.total + event.data.n }),
};

const counted = (n: number) => ({ type: 'Counted', data: { n }, metadata: { tenantId: 't1' } });

/** The event store, counting how often whole streams are read and how often a revision is asked. */
function readCounting(store: EventStore): { store: EventStore; reads: () => number; lookups: () => number } {
  let reads = 0;
  let lookups = 0;
  const counting = Object.create(store) as EventStore;
  counting.readStream = (streamId: string): Promise<RecordedEvent[]> => {
    reads += 1;
    return store.readStream(streamId);
  };
  counting.streamRevision = (streamId: string) => {
    lookups += 1;
    return store.streamRevision(streamId);
  };
  return { store: counting, reads: () => reads, lookups: () => lookups };
}

describe('FoldedStreamCache', () => {
  let stores: TempStores;

  beforeEach(() => {
    stores = openTempStores();
  });
  afterEach(() => stores.dispose());

  it('reads an unchanged stream once, and again (with the new events folded) after an append through another store instance', async () => {
    const { store, reads } = readCounting(stores.events);
    const cache = new FoldedStreamCache(new AggregateStore(store), counter);
    await stores.events.append('counter-a', [counted(2)], 'no_stream');

    expect(await cache.load('counter-a')).to.deep.equal({ exists: true, total: 2 });
    expect(await cache.load('counter-a')).to.deep.equal({ exists: true, total: 2 });
    expect(reads()).to.equal(1);

    await stores.reopen().events.append('counter-a', [counted(3)], 0n);

    expect(await cache.load('counter-a')).to.deep.equal({ exists: true, total: 5 });
    expect(await cache.load('counter-a')).to.deep.equal({ exists: true, total: 5 });
    expect(reads()).to.equal(2);
  });

  it('answers a stream that does not exist from the revision lookup alone, and finds it once another instance writes it', async () => {
    const { store, reads } = readCounting(stores.events);
    const cache = new FoldedStreamCache(new AggregateStore(store), counter);

    expect(await cache.load('counter-missing')).to.deep.equal({ exists: false, total: 0 });
    expect(await cache.load('counter-missing')).to.deep.equal({ exists: false, total: 0 });
    expect(reads()).to.equal(0);

    await stores.reopen().events.append('counter-missing', [counted(7)], 'no_stream');
    expect(await cache.load('counter-missing')).to.deep.equal({ exists: true, total: 7 });
  });

  it('keeps at most maxStreams streams, dropping the oldest', async () => {
    const { store, reads } = readCounting(stores.events);
    const cache = new FoldedStreamCache(new AggregateStore(store), counter, { maxStreams: 2 });
    for (const id of ['counter-1', 'counter-2', 'counter-3']) await stores.events.append(id, [counted(1)], 'no_stream');

    for (const id of ['counter-1', 'counter-2', 'counter-3']) await cache.load(id);
    expect(reads()).to.equal(3);
    await cache.load('counter-3');
    await cache.load('counter-2');
    expect(reads()).to.equal(3);
    await cache.load('counter-1');
    expect(reads()).to.equal(4);
  });

  describe('since: when the caller\'s operation began', () => {
    it('given lookups asked after an operation began, then it shares the newest of them; one that began later asks again and sees what was appended meanwhile', async () => {
      const { store, lookups } = readCounting(stores.events);
      let clock = 100;
      const cache = new FoldedStreamCache(new AggregateStore(store), counter, { now: () => clock });
      await stores.events.append('counter-a', [counted(2)], 'no_stream');

      expect(await cache.load('counter-a', 99)).to.deep.equal({ exists: true, total: 2 });
      clock = 101;
      expect(await cache.load('counter-a', 99.5)).to.deep.equal({ exists: true, total: 2 });
      expect(lookups()).to.equal(1);

      await stores.reopen().events.append('counter-a', [counted(3)], 0n);
      // Began before the lookup at 100, so concurrent with that append: either answer is right.
      expect(await cache.load('counter-a', 99)).to.deep.equal({ exists: true, total: 2 });
      expect(lookups()).to.equal(1);
      expect(await cache.load('counter-a', 100.5)).to.deep.equal({ exists: true, total: 5 });
      expect(lookups()).to.equal(2);
    });

    it('given a lookup asked at the very moment the operation began, then it asks again (it may have run before)', async () => {
      const { store, lookups } = readCounting(stores.events);
      const cache = new FoldedStreamCache(new AggregateStore(store), counter, { now: () => 50 });
      await cache.load('counter-b', 49);
      await cache.load('counter-b', 50);
      expect(lookups()).to.equal(2);
    });

    it('given no since, then every load asks the store, as before', async () => {
      const { store, lookups } = readCounting(stores.events);
      const cache = new FoldedStreamCache(new AggregateStore(store), counter, { now: () => 100 });
      await cache.load('counter-c');
      await cache.load('counter-c');
      await cache.load('counter-c', 0);
      await cache.load('counter-c');
      expect(lookups()).to.equal(3);
    });

    it('given a lookup still on its way, then an operation that began before it waits for its answer instead of asking again', async () => {
      const { store, lookups } = readCounting(stores.events);
      let release = () => {};
      const slow = Object.create(store) as EventStore;
      slow.streamRevision = async (streamId: string) => {
        await new Promise<void>((resolve) => (release = resolve));
        return store.streamRevision(streamId);
      };
      let clock = 10;
      const cache = new FoldedStreamCache(new AggregateStore(slow), counter, { now: () => clock++ });
      await stores.events.append('counter-d', [counted(4)], 'no_stream');
      const first = cache.load('counter-d', 5);
      const second = cache.load('counter-d', 9);
      await new Promise((resolve) => setImmediate(resolve));
      release();
      expect(await Promise.all([first, second])).to.deep.equal([{ exists: true, total: 4 }, { exists: true, total: 4 }]);
      expect(lookups()).to.equal(1);
    });

    it('given a lookup that failed, then the next load asks again rather than sharing the failure', async () => {
      let fail = true;
      let asked = 0;
      const flaky = Object.create(stores.events) as EventStore;
      flaky.streamRevision = async (streamId: string) => {
        asked += 1;
        if (fail) throw new Error('store unreachable');
        return stores.events.streamRevision(streamId);
      };
      const cache = new FoldedStreamCache(new AggregateStore(flaky), counter, { now: () => 100 });
      await stores.events.append('counter-e', [counted(1)], 'no_stream');
      await cache.load('counter-e', 1).then(
        () => expect.fail('the lookup failed'),
        (error: Error) => expect(error.message).to.equal('store unreachable'),
      );
      fail = false;
      expect(await cache.load('counter-e', 1)).to.deep.equal({ exists: true, total: 1 });
      expect(asked).to.equal(2);
    });

    it('given loads with a since asked before their lookup runs, then they share it, whatever their since, and it sees what was appended in between', async () => {
      const { store, lookups } = readCounting(stores.events);
      const waiting: Array<() => void> = [];
      const cache = new FoldedStreamCache(new AggregateStore(store), counter, { now: () => 100, defer: (run) => waiting.push(run) });
      await stores.events.append('counter-f', [counted(1)], 'no_stream');

      const loads = [cache.load('counter-f', 99), cache.load('counter-f', 98), cache.load('counter-f', 100)];
      await stores.reopen().events.append('counter-f', [counted(5)], 0n);
      expect(lookups()).to.equal(0);
      expect(waiting).to.have.length(1);
      waiting.shift()!();

      expect(await Promise.all(loads)).to.deep.equal([
        { exists: true, total: 6 },
        { exists: true, total: 6 },
        { exists: true, total: 6 },
      ]);
      expect(lookups()).to.equal(1);
      // It ran at 100: one that began at 100 asks again, on the next check phase; a load without since asks at once.
      const again = cache.load('counter-f', 100);
      expect(waiting).to.have.length(1);
      waiting.shift()!();
      await again;
      expect(lookups()).to.equal(2);
      await cache.load('counter-f');
      expect(waiting).to.have.length(0);
      expect(lookups()).to.equal(3);
    });

    it('given loads asked in one turn of the event loop, then the default runs one lookup for all of them on its check phase', async () => {
      const { store, lookups } = readCounting(stores.events);
      const cache = new FoldedStreamCache(new AggregateStore(store), counter);
      await stores.events.append('counter-g', [counted(3)], 'no_stream');
      const loads = Array.from({ length: 10 }, () => cache.load('counter-g', performance.now()));
      expect(lookups()).to.equal(0);
      expect(await Promise.all(loads)).to.deep.equal(Array.from({ length: 10 }, () => ({ exists: true, total: 3 })));
      expect(lookups()).to.equal(1);
    });

    it('given a lookup that throws instead of rejecting, then the loads that shared it fail with its error and the next one asks again', async () => {
      let fail = true;
      const throwing = Object.create(stores.events) as EventStore;
      throwing.streamRevision = (streamId: string) => {
        if (fail) throw new Error('database is locked');
        return stores.events.streamRevision(streamId);
      };
      const cache = new FoldedStreamCache(new AggregateStore(throwing), counter);
      await stores.events.append('counter-h', [counted(2)], 'no_stream');
      const outcomes = await Promise.allSettled([cache.load('counter-h', 1), cache.load('counter-h', 1)]);
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as Error).message : 'fulfilled'))).to.deep.equal([
        'database is locked',
        'database is locked',
      ]);
      fail = false;
      expect(await cache.load('counter-h', 1)).to.deep.equal({ exists: true, total: 2 });
    });
  });
});
