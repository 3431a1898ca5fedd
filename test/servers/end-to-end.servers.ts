import { MongoClient } from 'mongodb';
import { withDatabase } from '../contracts/query-plans.suite.ts';
import { endToEndSuite } from '../e2e/support/end-to-end.suite.ts';
import { serverUrls, uniqueNamespace } from './server-urls.ts';

const { eventStoreUrl, mongodbUrl } = serverUrls();

endToEndSuite('KurrentDB and MongoDB', async () => {
  const namespace = uniqueNamespace();
  const database = `e2e_${namespace}`;
  return {
    env: { EVENTSTORE_URL: eventStoreUrl, EVENTSTORE_NAMESPACE: namespace, MONGODB_URL: withDatabase(mongodbUrl, database) },
    cleanup: async () => {
      const client = await MongoClient.connect(mongodbUrl);
      await client.db(database).dropDatabase().finally(() => client.close());
    },
  };
});
