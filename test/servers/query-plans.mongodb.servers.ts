import { MongoClient } from 'mongodb';
import { queryPlans, withDatabase } from '../contracts/query-plans.suite.ts';
import { serverUrls, uniqueNamespace } from './server-urls.ts';

const { mongodbUrl } = serverUrls();

queryPlans('MongoDB', () => {
  const database = `plans_${uniqueNamespace()}`;
  return {
    env: { MONGODB_URL: withDatabase(mongodbUrl, database) },
    cleanup: async () => {
      const client = await MongoClient.connect(mongodbUrl);
      try {
        await client.db(database).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
});
