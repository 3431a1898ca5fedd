import { expect } from 'chai';
import { isStoreUnavailable } from '../../../../application/ports/store-errors.ts';
import { MongoDbReadModelStore } from '../../../../infrastructure/read-models/mongodb/mongodb-read-model-store.ts';

/** Nothing listens on port 1: every connection is refused at once; server selection gives up after 300 ms. */
const UNREACHABLE = 'mongodb://127.0.0.1:1/unreachable?serverSelectionTimeoutMS=300&connectTimeoutMS=300';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should have failed'),
    (error: unknown) => error,
  );

describe('MongoDbReadModelStore with no server to reach', () => {
  let store: MongoDbReadModelStore;

  before(async () => {
    store = await MongoDbReadModelStore.open(UNREACHABLE);
  });
  after(async () => {
    await store.close();
  });

  it('given the server is down at start-up, when opened, then it opens; ping tells the store is unavailable', async () => {
    const error = await failure(store.ping());
    expect(isStoreUnavailable(error), String(error)).to.equal(true);
    expect(String(error)).to.match(/^StoreUnavailableError: read models unavailable: MongoDB ping: /);
    expect((error as Error).cause).to.have.property('name', 'MongoServerSelectionError');
  });

  it('given the server is down, then reads, writes, counts, checkpoints, settings and drops fail as StoreUnavailableError', async () => {
    const rows = store.collection<{ id: string; status: string }>({ name: 'down', indexes: [['status']] });
    const key = { tenantId: 't', environment: 'test', id: 'a' };
    const operations: Array<[string, Promise<unknown>]> = [
      ['get', rows.get(key)],
      ['upsert', rows.upsert(key, 1n, { id: 'a', status: 'sent' })],
      ['find', rows.find({ tenantId: 't', environment: 'test', orderBy: [] })],
      ['count', rows.count({ tenantId: 't', environment: 'test' })],
      ['explain', rows.explain({ tenantId: 't', environment: 'test', orderBy: [] })],
      ['clear', rows.clear()],
      ['checkpoint load', store.checkpoints.load('documents')],
      ['checkpoint store', store.checkpoints.store('documents', 1n)],
      ['settings get', store.settings.get('x')],
      ['settings set', store.settings.set('x', 'y')],
      ['drop', store.dropCollection('down')],
    ];
    for (const [name, operation] of operations) {
      const error = await failure(operation);
      expect(isStoreUnavailable(error), `${name}: ${String(error)}`).to.equal(true);
    }
  });
});
