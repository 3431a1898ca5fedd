import { expect } from 'chai';
import { compareAndSet } from '../../../application/coordination/compare-and-set.ts';
import type { CoordinationStore } from '../../../application/ports/coordination-store.ts';
import { StoreUnavailableError } from '../../../application/ports/store-errors.ts';
import { SqliteCoordinationStore } from '../../../infrastructure/coordination/sqlite-coordination-store.ts';

/** Another instance writes the record between each read and write of ours, `times` times. */
function racedBy(store: CoordinationStore, times: number): CoordinationStore {
  let left = times;
  return {
    read: store.read.bind(store),
    list: store.list.bind(store),
    remove: store.remove.bind(store),
    close: store.close.bind(store),
    async write(key, value, expected) {
      if (left > 0) {
        left -= 1;
        const current = await store.read<number>(key);
        await store.write(key, (current?.value ?? 0) + 100, current?.version);
      }
      return store.write(key, value, expected);
    },
  };
}

describe('compareAndSet', () => {
  let store: SqliteCoordinationStore;

  beforeEach(() => {
    store = new SqliteCoordinationStore(':memory:');
  });

  afterEach(() => store.close());

  it('given another instance wins the race twice, then the decision is taken again on what it wrote, and written once', async () => {
    await store.write('counter', 1, undefined);
    const seen: Array<number | undefined> = [];
    const answer = await compareAndSet<number, string>(racedBy(store, 2), 'counter', (current) => {
      seen.push(current);
      return { write: (current ?? 0) + 1, answer: `from ${current}` };
    });
    expect(seen).to.deep.equal([1, 101, 201]);
    expect(answer).to.equal('from 201');
    expect(await store.read('counter')).to.deep.equal({ value: 202, version: 4 });
  });

  it('given a decision to leave the record as it is, then nothing is written', async () => {
    await store.write('counter', 1, undefined);
    expect(await compareAndSet<number, number>(store, 'counter', (current) => ({ answer: current ?? 0 }))).to.equal(1);
    expect((await store.read('counter'))?.version).to.equal(1);
  });

  it('given the record changes under every attempt, then it gives up as coordination unavailable instead of looping for ever', async () => {
    const error = await compareAndSet<number, void>(racedBy(store, 1_000), 'busy', () => ({ write: 1, answer: undefined })).then(
      () => null,
      (caught: Error) => caught,
    );
    expect(error).to.be.instanceOf(StoreUnavailableError);
    expect(error?.message).to.contain('busy');
  });
});
