import { expect } from 'chai';
import { MongoServerSelectionError } from 'mongodb';
import { StoreUnavailableError } from '../../../application/ports/store-errors.ts';
import { MongoDbCoordinationStore } from '../../../infrastructure/coordination/mongodb-coordination-store.ts';

describe('MongoDbCoordinationStore without a server', () => {
  it('given nothing listens at MONGODB_URL, when records are read and written, then coordination unavailable with the driver error as cause, each time (the client is not left closed)', async () => {
    const store = new MongoDbCoordinationStore('mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300&connectTimeoutMS=300', 'unreachable');
    try {
      const outcome = (operation: Promise<unknown>) => operation.then(() => null, (error: Error) => error);
      const failures = await Promise.all([outcome(store.read('lease:a')), outcome(store.write('lease:a', { n: 1 }, undefined))]);
      failures.push(await outcome(store.list('lease:')));
      for (const failure of failures) {
        expect(failure).to.be.instanceOf(StoreUnavailableError);
        expect(failure).to.include({ store: 'coordination' });
        expect((failure as StoreUnavailableError).cause).to.be.instanceOf(MongoServerSelectionError);
      }
      expect(failures.map((failure) => failure?.message.split(':')[1].trim())).to.deep.equal(['reading lease', 'creating lease', 'listing lease']);
    } finally {
      await store.close();
    }
  });
});
