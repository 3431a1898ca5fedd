import { expect } from 'chai';
import type { EventStore } from '../../../application/ports/event-store.ts';
import { FoldedAsOf } from '../../../application/event-sourcing/folded-as-of.ts';
import { openTempStores, type TempStores } from '../../support/fixtures.ts';
import { readCounting, type ReadCounts } from '../../support/read-counting-event-store.ts';

describe('FoldedAsOf: small streams as they stood at a position of the log', () => {
  let stores: TempStores;
  let reads: ReadCounts;
  let counting: EventStore;
  const typesOf = (events: ReadonlyArray<{ type: string }>) => events.map((event) => event.type);

  beforeEach(() => {
    stores = openTempStores();
    ({ store: counting, reads } = readCounting(stores.events));
  });
  afterEach(() => stores.dispose());

  const append = async (streamId: string, type: string) => (await stores.events.append(streamId, [{ type, data: {}, metadata: {} }], 'any')).position;
  /** What reading the stream now and keeping the events before `position` gives. */
  const fresh = async (streamId: string, position: bigint) => typesOf((await stores.events.readStream(streamId)).filter((event) => event.position < position));

  it('answers at every position what a fresh read of the stream up to it answers, changes interleaved with other events', async () => {
    const asOf = new FoldedAsOf(counting, typesOf);
    const positions: bigint[] = [];
    for (const type of ['Registered', 'Other', 'Updated', 'Other', 'Other', 'Disabled', 'Other', 'Removed', 'Other']) {
      positions.push(await append(type === 'Other' ? `doc-${positions.length}` : 'registry-a', type));
    }
    for (const position of [positions[0] - 1n, ...positions]) {
      expect(await asOf.before('registry-a', position), `at ${position}`).to.deep.equal(await fresh('registry-a', position));
    }
    expect(reads.streams, 'one read answers every position up to the head it saw').to.deep.equal(['registry-a']);
    const pastHead = positions.at(-1)! + 1n;
    expect(await asOf.before('registry-a', pastHead)).to.deep.equal(['Registered', 'Updated', 'Disabled', 'Removed']);
    expect(reads.streams, 'a position past that head reads again').to.have.length(2);
  });

  it('reads the stream again only for a position past the head seen before its last read, and then sees a later change', async () => {
    const asOf = new FoldedAsOf(counting, typesOf);
    await append('registry-a', 'Registered');
    const first = await append('doc-1', 'Other');
    expect(await asOf.before('registry-a', first)).to.deep.equal(['Registered']);
    expect(await asOf.before('registry-a', first)).to.deep.equal(['Registered']);
    expect([reads.streams.length, reads.heads]).to.deep.equal([1, 1]);

    await append('registry-a', 'Disabled');
    const later = await append('doc-2', 'Other');
    expect(await asOf.before('registry-a', later)).to.deep.equal(['Registered', 'Disabled']);
    expect(await asOf.before('registry-a', first), 'an earlier position still answers as it stood').to.deep.equal(['Registered']);
    expect([reads.streams.length, reads.heads]).to.deep.equal([2, 2]);
  });

  it('folds a stream that does not exist yet to the empty fold, and sees it once created, at positions after its creation', async () => {
    const asOf = new FoldedAsOf(counting, typesOf);
    const before = await append('doc-1', 'Other');
    expect(await asOf.before('registry-b', before)).to.deep.equal([]);
    const created = await append('registry-b', 'Registered');
    expect(await asOf.before('registry-b', created)).to.deep.equal([]);
    expect(await asOf.before('registry-b', await append('doc-2', 'Other'))).to.deep.equal(['Registered']);
  });

  it('uses one head read for the streams it meets at positions up to that head', async () => {
    const asOf = new FoldedAsOf(counting, typesOf);
    await append('registry-a', 'Registered');
    await append('registry-b', 'Registered');
    const position = await append('doc-1', 'Other');
    for (const stream of ['registry-a', 'registry-b', 'registry-c']) await asOf.before(stream, position);
    expect(reads.heads).to.equal(1);
    expect(reads.streams).to.deep.equal(['registry-a', 'registry-b', 'registry-c']);
  });

  it('keeps at most maxStreams reads: the oldest is read again when asked for', async () => {
    const asOf = new FoldedAsOf(counting, typesOf, 2);
    const position = await append('doc-1', 'Other');
    for (const stream of ['registry-a', 'registry-b', 'registry-c', 'registry-b', 'registry-a']) await asOf.before(stream, position);
    expect(reads.streams).to.deep.equal(['registry-a', 'registry-b', 'registry-c', 'registry-a']);
  });
});
