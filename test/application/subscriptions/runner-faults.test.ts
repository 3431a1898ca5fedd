import { randomBytes } from 'node:crypto';
import { openTempStores } from '../../support/fixtures.ts';
import { runnerFaultsSuite } from './runner-faults.suite.ts';

runnerFaultsSuite('embedded SQLite stores', async () => {
  const stores = openTempStores();
  return { events: stores.events, readModels: stores.readModels, prefix: `F${randomBytes(3).toString('hex')}`, dispose: () => stores.dispose() };
});
