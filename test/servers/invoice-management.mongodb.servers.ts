import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { MongoDbReadModelStore } from '../../infrastructure/read-models/mongodb/mongodb-read-model-store.ts';
import { KeyRateLimiter } from '../../infrastructure/rate-limiting/key-rate-limiter.ts';
import { keysetSuite } from '../application/invoice-management/keyset.suite.ts';
import { serverUrls, uniqueNamespace } from './server-urls.ts';

const { mongodbUrl } = serverUrls();
const databaseName = `integrations_${uniqueNamespace()}`;

keysetSuite('MongoDB', async () => {
  const store = await MongoDbReadModelStore.open(mongodbUrl, databaseName);
  const drop = async () => {
    const client = await MongoClient.connect(mongodbUrl);
    await client.db(databaseName).dropDatabase().finally(() => client.close());
  };
  return {
    store,
    cleanup: async () => {
      await store.close();
      await drop();
    },
  };
});

describe('Integrations: the rate limiter shared by two instances (MongoDB)', () => {
  it('given a quota of 3, when two instances count one key, then the 4th request over both is refused', async () => {
    const key = `k-${randomBytes(6).toString('hex')}`;
    const settings = { requests: 3, windowSeconds: 30, dataDir: tmpdir(), mongodbUrl };
    const [a, b] = [new KeyRateLimiter(settings), new KeyRateLimiter(settings)];
    try {
      const decisions = [await a.consume(key), await b.consume(key), await a.consume(key), await b.consume(key)];
      expect(decisions.map((decision) => decision.allowed)).to.deep.equal([true, true, true, false]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
