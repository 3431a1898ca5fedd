import { MongoClient } from 'mongodb';
import { KurrentDbEventStore } from '../../infrastructure/event-store/kurrentdb/kurrentdb-event-store.ts';
import { MongoDbReadModelStore } from '../../infrastructure/read-models/mongodb/mongodb-read-model-store.ts';
import { runnerFaultsSuite } from '../application/subscriptions/runner-faults.suite.ts';
import { serverUrls, uniqueNamespace } from './server-urls.ts';

const { eventStoreUrl, mongodbUrl } = serverUrls();

// The same fault decorators as in the suite over the embedded stores, here over KurrentDB and MongoDB.
runnerFaultsSuite('KurrentDB and MongoDB', async () => {
  const namespace = uniqueNamespace();
  const events = KurrentDbEventStore.open(eventStoreUrl, { namespace });
  const database = `faults_${namespace}`;
  const readModels = await MongoDbReadModelStore.open(mongodbUrl, database);
  return {
    events,
    readModels,
    prefix: 'F',
    dispose: async () => {
      await events.close();
      await readModels.close();
      const client = await MongoClient.connect(mongodbUrl);
      await client.db(database).dropDatabase().finally(() => client.close());
    },
  };
});
