import { MongoClient } from 'mongodb';
import { MongoDbCoordinationStore } from '../../infrastructure/coordination/mongodb-coordination-store.ts';
import { coordinationStoreContract } from '../contracts/coordination-store.contract.ts';
import { serverUrls, uniqueNamespace } from './server-urls.ts';

const { mongodbUrl } = serverUrls();

coordinationStoreContract('MongoDbCoordinationStore', async () => {
  // A database of its own per fixture, dropped afterwards: records of earlier runs stay out of sight.
  const databaseName = `coordination_${uniqueNamespace()}`;
  const opened = [new MongoDbCoordinationStore(mongodbUrl, databaseName)];
  return {
    store: opened[0],
    other: async () => {
      const another = new MongoDbCoordinationStore(mongodbUrl, databaseName);
      opened.push(another);
      return another;
    },
    cleanup: async () => {
      for (const store of opened) await store.close();
      const client = await MongoClient.connect(mongodbUrl);
      try {
        await client.db(databaseName).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
});
