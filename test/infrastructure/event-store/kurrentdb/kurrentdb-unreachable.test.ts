import { expect } from 'chai';
import { isStoreUnavailable } from '../../../../application/ports/store-errors.ts';
import { SubscriptionRunner } from '../../../../application/subscriptions/subscription-runner.ts';
import { KurrentDbEventStore } from '../../../../infrastructure/event-store/kurrentdb/kurrentdb-event-store.ts';
import { eventually, openTempStores, silentLogger, type TempStores } from '../../../support/fixtures.ts';

/** The real client against a port where nothing listens: what a server that is down looks like to the adapter. */
describe('KurrentDB adapter with the server unreachable (the real client, no server)', function () {
  this.timeout(30_000);
  let store: KurrentDbEventStore;
  let stores: TempStores;

  beforeEach(() => {
    store = KurrentDbEventStore.open('kurrentdb://127.0.0.1:9?tls=false');
    stores = openTempStores();
  });
  afterEach(async () => {
    await store.close();
    await stores.dispose();
  });

  const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  it('given every operation, then each fails as StoreUnavailableError naming what was attempted, the client error as cause', async () => {
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ['append', () => store.append('thing-1', [{ type: 'Thing', data: {}, metadata: {} }], 'any')],
      ['readStream', () => store.readStream('thing-1')],
      ['readAll', () => store.readAll({ maxCount: 1 })],
      ['headPosition', () => store.headPosition()],
      ['eventsAfter', () => store.eventsAfter(0n, 10)],
    ];
    for (const [name, attempt] of attempts) {
      const error = await failure(attempt());
      expect(isStoreUnavailable(error), `${name}: ${String(error)}`).to.equal(true);
      expect((error as Error).message, name).to.match(/^event store unavailable: /);
      expect((error as Error).cause, name).to.be.instanceOf(Error);
    }
  });

  it('given a runner subscribed to it, then the runner shows reconnecting with the error, and keeps trying', async () => {
    const runner = new SubscriptionRunner(store, stores.readModels.checkpoints, { name: 'things', kind: 'projection', filter: { eventTypes: ['Thing'] }, handle: async () => undefined }, silentLogger, {
      reconnect: { initialDelayMs: 20, maxDelayMs: 100 },
    });
    await runner.start();
    try {
      await eventually(() => runner.status().state === 'reconnecting', 15_000);
      expect(runner.status().error).to.match(/event store unavailable/);
      expect(runner.status().faultSince).to.be.a('string');
    } finally {
      await runner.stop();
    }
  });
});
