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

/** The event store, counting how often whole streams are read. */
function readCounting(store: EventStore): { store: EventStore; reads: () => number } {
  let reads = 0;
  const counting = Object.create(store) as EventStore;
  counting.readStream = (streamId: string): Promise<RecordedEvent[]> => {
    reads += 1;
    return store.readStream(streamId);
  };
  return { store: counting, reads: () => reads };
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
    const cache = new FoldedStreamCache(new AggregateStore(store), counter, 2);
    for (const id of ['counter-1', 'counter-2', 'counter-3']) await stores.events.append(id, [counted(1)], 'no_stream');

    for (const id of ['counter-1', 'counter-2', 'counter-3']) await cache.load(id);
    expect(reads()).to.equal(3);
    await cache.load('counter-3');
    await cache.load('counter-2');
    expect(reads()).to.equal(3);
    await cache.load('counter-1');
    expect(reads()).to.equal(4);
  });
});
