import { KurrentDbEventStore } from '../../infrastructure/event-store/kurrentdb/kurrentdb-event-store.ts';
import { CONTRACT_MAX_APPEND_BYTES, eventStoreContract } from '../contracts/event-store.contract.ts';
import { serverUrls, uniqueNamespace } from './server-urls.ts';

const { eventStoreUrl } = serverUrls();

eventStoreContract('KurrentDbEventStore', async () => {
  // A namespace of its own per store: streams and event types of earlier runs on the same server stay out of sight.
  const options = { namespace: uniqueNamespace(), maxAppendBytes: CONTRACT_MAX_APPEND_BYTES };
  const store = KurrentDbEventStore.open(eventStoreUrl, options);
  const reopened: KurrentDbEventStore[] = [];
  return {
    store,
    reopen: async () => {
      const again = KurrentDbEventStore.open(eventStoreUrl, options);
      reopened.push(again);
      return again;
    },
    cleanup: async () => {
      await store.close();
      for (const again of reopened) await again.close();
    },
  };
});
