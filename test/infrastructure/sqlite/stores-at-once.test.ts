import { expect } from 'chai';
import { atOnce } from '../../support/at-once.ts';

// Several processes started together on a new DATA_DIR (HTTP_PROCESSES=2 does that) open the same new files at once.
// Each thread here has its own connection, as a process has; the read models' collections are in sqlite-schema.test.ts.
describe('the embedded stores opened by several connections at once on new files', () => {
  for (const action of ['event store', 'coordination store'] as const) {
    it(`given four threads opening the ${action} on the same 150 new files at the same instants, then none fails`, async function () {
      this.timeout(60_000);
      expect(await atOnce(action, { threads: 4, files: 150 })).to.deep.equal([]);
    });
  }
});
