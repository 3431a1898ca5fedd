import { expect } from 'chai';
import { RangeStreams, rangeStreamId } from '../../../application/numbering/range-streams.ts';
import type { AppendResult, EventData, EventStore, ExpectedRevision } from '../../../application/ports/event-store.ts';
import type { NumberingResolution } from '../../../domain/numbering/numbering-resolution.ts';
import { openTempStores, type TempStores } from '../../support/fixtures.ts';

const resolution = (to: number): NumberingResolution => ({
  id: 'res-1',
  tenantId: 't1',
  environment: 'test',
  family: 'sales-invoice',
  prefix: 'FEB',
  from: 1,
  to,
  number: '18764000001',
  validFrom: '2026-01-01',
  validTo: '2027-12-31',
  technicalKey: null,
  registeredAt: '2026-01-01T00:00:00.000Z',
} as NumberingResolution);

const now = new Date('2026-03-01T15:00:00.000Z');

/** Counts the appends that reach the store. */
function counting(store: EventStore): EventStore & { appends: number } {
  const counted = Object.create(store) as EventStore & { appends: number };
  counted.appends = 0;
  counted.append = (streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> => {
    counted.appends += 1;
    return store.append(streamId, events, expected);
  };
  return counted;
}

describe('RangeStreams', () => {
  let stores: TempStores;
  beforeEach(() => (stores = openTempStores()));
  afterEach(() => stores.dispose());

  it('given 100 documents assigned at once, then the waiting ones are appended together and get 100 consecutive numbers', async () => {
    const store = counting(stores.events);
    const ranges = new RangeStreams(store);
    const range = resolution(1_000);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => ranges.run(range, { type: 'Assign', documentId: `doc-${i}`, now })),
    );
    expect(outcomes.every((outcome) => outcome.refused === null)).to.equal(true);
    const numbers = Array.from({ length: 100 }, (_, i) => outcomes[i].state.numbers.get(`doc-${i}`));
    expect(new Set(numbers).size).to.equal(100);
    expect([...numbers].map((n) => Number(n!.slice(3))).sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 100 }, (_, i) => i + 1));
    // Asked for in one turn: decided one after another and appended at once.
    expect(store.appends).to.equal(1);
    const stream = await stores.events.readStream(rangeStreamId(range));
    expect(stream).to.have.length(100);
  });

  it('given a batch that outruns the range, then the commands past its end are refused and the others are numbered', async () => {
    const ranges = new RangeStreams(stores.events);
    const range = resolution(3);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) => ranges.run(range, { type: 'Assign', documentId: `doc-${i}`, now })),
    );
    expect(outcomes.map((outcome) => outcome.refused)).to.deep.equal([null, null, null, 'exhausted', 'exhausted']);
    expect((await stores.events.readStream(rangeStreamId(range))).map((e) => e.data.number)).to.deep.equal(['FEB1', 'FEB2', 'FEB3']);
  });

  it('given another instance numbering the same range meanwhile, then a batch that lost the race decides again and no number is given twice', async () => {
    const range = resolution(1_000);
    const first = new RangeStreams(stores.events);
    const second = new RangeStreams(stores.events);
    await first.run(range, { type: 'Assign', documentId: 'warm-1', now });
    await second.run(range, { type: 'Assign', documentId: 'warm-2', now });
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? first : second).run(range, { type: 'Assign', documentId: `doc-${i}`, now })),
    );
    expect(outcomes.every((outcome) => outcome.refused === null)).to.equal(true);
    const stream = await stores.events.readStream(rangeStreamId(range));
    const numbers = stream.map((event) => Number(event.data.consecutive));
    expect(numbers).to.have.length(42);
    expect(new Set(numbers).size).to.equal(42);
    expect([...numbers].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 42 }, (_, i) => i + 1));
  });
});
