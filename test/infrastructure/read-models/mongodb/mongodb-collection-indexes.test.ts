import { expect } from 'chai';
import { MongoNetworkError, MongoServerError, type Collection } from 'mongodb';
import { isStoreUnavailable } from '../../../../application/ports/store-errors.ts';
import { MongoDbCollection } from '../../../../infrastructure/read-models/mongodb/mongodb-collection.ts';
import type { StoredRow } from '../../../../infrastructure/read-models/mongodb/mongodb-stored-row.ts';

/** Just enough of a driver Collection for index creation and a lookup: createIndexes fails `failures` times first. */
function fakeCollection(failures: number, { droppedElsewhere = false } = {}) {
  const state = { createCalls: 0, created: [] as string[], dropped: [] as string[], lookups: 0 };
  const existing = [
    { name: '_id_', key: { _id: 1 } },
    { name: 'tenantId_1_environment_1_status_1', key: { tenantId: 1, environment: 1, status: 1 } },
    { name: 'reporting_by_total', key: { total: 1 } },
  ];
  const collection = {
    collectionName: 'rm_rows',
    createIndexes: async (specs: Array<{ name: string }>) => {
      state.createCalls += 1;
      if (state.createCalls <= failures) throw new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017');
      state.created.push(...specs.map((spec) => spec.name));
      return specs.map((spec) => spec.name);
    },
    listIndexes: () => ({ toArray: async () => [...existing, ...state.created.map((name) => ({ name, key: { _t: 1 } }))] }),
    dropIndex: async (name: string) => {
      if (droppedElsewhere) throw new MongoServerError({ ok: 0, code: 27, codeName: 'IndexNotFound', errmsg: `index not found with name [${name}]` });
      state.dropped.push(name);
    },
    findOne: async () => {
      state.lookups += 1;
      return null;
    },
  };
  return { collection: collection as unknown as Collection<StoredRow>, state };
}

const key = { tenantId: 't1', environment: 'test', id: 'a' };

describe('MongoDbCollection index creation', () => {
  it('given index creation fails once, when used again after the back-off, then it retries and works from then on', async () => {
    let now = 1_000;
    const { collection, state } = fakeCollection(1);
    const rows = new MongoDbCollection(collection, { name: 'rows', indexes: [['status']] }, { indexRetry: { backoffMs: 100, now: () => now } });

    await rows.get(key).then(
      () => expect.fail('the first use should fail with the creation error'),
      (error) => {
        expect(isStoreUnavailable(error), String(error)).to.equal(true);
        expect(String(error)).to.match(/get on rm_rows: connect ECONNREFUSED/);
      },
    );
    now += 50;
    await rows.get(key).then(
      () => expect.fail('within the back-off the collection should still fail'),
      (error) => expect(String(error)).to.match(/ECONNREFUSED/),
    );
    expect(state.createCalls, 'not asked again within the back-off').to.equal(1);
    expect(state.lookups).to.equal(0);

    now += 60;
    expect(await rows.get(key)).to.equal(null);
    expect(await rows.get(key)).to.equal(null);
    expect(state.createCalls).to.equal(2);
    expect(state.lookups).to.equal(2);
    expect(state.created).to.deep.equal(['_t_1__e_1__id_1', '_t_1__e_1_status_1__id_1']);
    expect(state.dropped, 'indexes of an earlier layout are dropped; others are left alone').to.deep.equal(['tenantId_1_environment_1_status_1']);
  });

  it('given index creation keeps failing, then the back-off doubles between attempts', async () => {
    let now = 0;
    const { collection, state } = fakeCollection(10);
    const rows = new MongoDbCollection(collection, { name: 'rows', indexes: [] }, { indexRetry: { backoffMs: 100, maxBackoffMs: 300, now: () => now } });
    const attemptAt = async (time: number) => {
      now = time;
      await rows.get(key).catch(() => undefined);
      return state.createCalls;
    };
    expect(await attemptAt(0)).to.equal(1);
    expect(await attemptAt(99)).to.equal(1);
    expect(await attemptAt(100)).to.equal(2);
    expect(await attemptAt(299)).to.equal(2);
    expect(await attemptAt(300)).to.equal(3);
    expect(await attemptAt(599)).to.equal(3);
    expect(await attemptAt(600)).to.equal(4);
    expect(await attemptAt(900)).to.equal(5);
  });

  it('given another instance dropped a stale index first, then creating the indexes still succeeds', async () => {
    const { collection, state } = fakeCollection(0, { droppedElsewhere: true });
    const rows = new MongoDbCollection(collection, { name: 'rows', indexes: [['status']] });
    expect(await rows.get(key)).to.equal(null);
    expect(state.createCalls).to.equal(1);
  });
});
