import { expect } from 'chai';
import type { CollectionDefinition, ReadModelCollection, RowKey } from '../../application/ports/read-model-store.ts';
import { definition, row, tenant, type InvoiceRow, type ReadModelStoreFixture } from './read-model-store-fixtures.ts';

const tallied: CollectionDefinition = { name: 'contract_removed_tallied', indexes: [['status']], tallies: [{ fields: ['status'] }] };

/** `remove`: deletes a row under the same revision rule as `upsert`, on every adapter, with or without tallies. */
export function readModelRemovalContract(name: string, make: () => Promise<ReadModelStoreFixture>): void {
  describe(`ReadModelStore removal contract: ${name}`, function () {
    let fixture: ReadModelStoreFixture;
    let tenantId: string;
    const environment = 'test';
    const key = (id: string): RowKey => ({ tenantId, environment, id });

    beforeEach(async () => {
      fixture = await make();
      tenantId = tenant('removal');
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    for (const [label, collection] of [
      ['a plain collection', definition],
      ['a collection with tallies', tallied],
    ] as const) {
      describe(`on ${label}`, () => {
        let rows: ReadModelCollection<InvoiceRow>;
        const statusCount = (status: string) => rows.count({ tenantId, environment, where: { status } });

        beforeEach(() => {
          rows = fixture.store.collection<InvoiceRow>(collection);
        });

        it('given a stored row, when removed with a newer revision, then get, find and count no longer see it, and the others stay', async () => {
          await rows.upsert(key('a'), 1n, row('a', { status: 'sent' }));
          await rows.upsert(key('b'), 1n, row('b', { status: 'sent' }));

          expect(await rows.remove(key('a'), 2n)).to.equal(true);

          expect(await rows.get(key('a'))).to.equal(null);
          expect(await rows.get(key('b'))).to.deep.equal(row('b', { status: 'sent' }));
          expect((await rows.find({ tenantId, environment, where: { status: 'sent' }, orderBy: [['status', 'asc']] })).map((r) => r.id)).to.deep.equal(['b']);
          expect(await statusCount('sent')).to.equal(1);
        });

        it('given a stored row, when removed with the same or an older revision, then it stays and remove answers false', async () => {
          await rows.upsert(key('a'), 5n, row('a', { status: 'sent' }));

          expect(await rows.remove(key('a'), 5n)).to.equal(false);
          expect(await rows.remove(key('a'), 4n)).to.equal(false);

          expect(await rows.get(key('a'))).to.deep.equal(row('a', { status: 'sent' }));
          expect(await statusCount('sent')).to.equal(1);
        });

        it('given no row, when removed, then it answers false and nothing is written', async () => {
          expect(await rows.remove(key('missing'), 3n)).to.equal(false);
          expect(await rows.get(key('missing'))).to.equal(null);
          expect(await rows.count({ tenantId, environment })).to.equal(0);
        });

        it('given a row written and rewritten just before, when removed at once, then it is gone and counted nowhere', async () => {
          await rows.upsert(key('a'), 1n, row('a', { status: 'sent' }));
          await rows.upsert(key('a'), 2n, row('a', { status: 'validated' }));
          await rows.upsert(key('fresh'), 1n, row('fresh', { status: 'sent' }));

          expect(await rows.remove(key('a'), 3n)).to.equal(true);
          expect(await rows.remove(key('fresh'), 2n)).to.equal(true);

          expect(await rows.get(key('a'))).to.equal(null);
          expect(await rows.get(key('fresh'))).to.equal(null);
          expect(await statusCount('sent')).to.equal(0);
          expect(await statusCount('validated')).to.equal(0);
        });

        it('given a removed row, when an older revision is upserted afterwards, then it is written again (nothing of the removed row is kept)', async () => {
          await rows.upsert(key('a'), 2n, row('a', { status: 'sent' }));
          expect(await rows.remove(key('a'), 3n)).to.equal(true);

          expect(await rows.upsert(key('a'), 1n, row('a', { status: 'late' }))).to.equal(true);

          expect(await rows.get(key('a'))).to.deep.equal(row('a', { status: 'late' }));
          expect(await statusCount('late')).to.equal(1);
          expect(await rows.remove(key('a'), 2n)).to.equal(true);
          expect(await statusCount('late')).to.equal(0);
        });

        it('given rows removed, when the store is reopened, then they are still gone and the counts still agree', async () => {
          await rows.upsert(key('a'), 1n, row('a', { status: 'sent' }));
          await rows.upsert(key('b'), 1n, row('b', { status: 'sent' }));
          await rows.remove(key('a'), 2n);

          const reopened = (await fixture.reopen()).collection<InvoiceRow>(collection);

          expect(await reopened.get(key('a'))).to.equal(null);
          expect(await reopened.count({ tenantId, environment, where: { status: 'sent' } })).to.equal(1);
        });
      });
    }
  });
}
