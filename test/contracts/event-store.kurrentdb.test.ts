import { KurrentDbEventStore } from '../../infrastructure/event-store/kurrentdb/kurrentdb-event-store.ts';
import { eventStoreContract } from './event-store.contract.ts';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('KurrentDbEventStore', async () => {
    const store = KurrentDbEventStore.open(url);
    return { store, cleanup: () => store.close() };
  });
} else {
  describe.skip('EventStore contract: KurrentDbEventStore (skipped: EVENTSTORE_URL not set)', () => {
    it('skipped: EVENTSTORE_URL not set', () => {});
  });
}
