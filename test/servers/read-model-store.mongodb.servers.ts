import { MongoClient } from 'mongodb';
import { MongoDbReadModelStore } from '../../infrastructure/read-models/mongodb/mongodb-read-model-store.ts';
import { readModelStoreContract } from '../contracts/read-model-store.contract.ts';
import { readModelKeysetContract } from '../contracts/read-model-keyset.contract.ts';
import { readModelTalliesContract } from '../contracts/read-model-tallies.contract.ts';
import { readModelRemovalContract } from '../contracts/read-model-removal.contract.ts';
import { serverUrls, uniqueNamespace } from './server-urls.ts';

const { mongodbUrl } = serverUrls();

const mongoFixture = async () => {
  const databaseName = `contract_${uniqueNamespace()}`;
  let store = await MongoDbReadModelStore.open(mongodbUrl, databaseName);
  return {
    get store() {
      return store;
    },
    reopen: async () => {
      await store.close();
      store = await MongoDbReadModelStore.open(mongodbUrl, databaseName);
      return store;
    },
    cleanup: async () => {
      await store.close();
      const client = await MongoClient.connect(mongodbUrl);
      try {
        await client.db(databaseName).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
};

readModelStoreContract('MongoDbReadModelStore', mongoFixture);
readModelTalliesContract('MongoDbReadModelStore', mongoFixture);
readModelKeysetContract('MongoDbReadModelStore', mongoFixture);
readModelRemovalContract('MongoDbReadModelStore', mongoFixture);
