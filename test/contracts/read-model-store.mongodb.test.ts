import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { MongoDbReadModelStore } from '../../infrastructure/read-models/mongodb/mongodb-read-model-store.ts';
import { readModelStoreContract } from './read-model-store.contract.ts';

const url = process.env.MONGODB_URL;

if (url) {
  readModelStoreContract('MongoDbReadModelStore', async () => {
    const databaseName = `contract_${randomBytes(6).toString('hex')}`;
    let store = await MongoDbReadModelStore.open(url, databaseName);
    return {
      get store() {
        return store;
      },
      reopen: async () => {
        await store.close();
        store = await MongoDbReadModelStore.open(url, databaseName);
        return store;
      },
      cleanup: async () => {
        await store.close();
        const client = await MongoClient.connect(url);
        try {
          await client.db(databaseName).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  });
} else {
  describe.skip('ReadModelStore contract: MongoDbReadModelStore (skipped: MONGODB_URL not set)', () => {
    it('skipped: MONGODB_URL not set', () => {});
  });
}
