import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Filter, Query, ReadModelCollection, RowKey } from '../../application/ports/read-model-store.ts';
import { definition, row, tenant, type InvoiceRow, type ReadModelStoreFixture } from './read-model-store-fixtures.ts';

export type { ReadModelStoreFixture };

export function readModelStoreContract(name: string, make: () => Promise<ReadModelStoreFixture>): void {
  describe(`ReadModelStore contract: ${name}`, function () {
    let fixture: ReadModelStoreFixture;
    let rows: ReadModelCollection<InvoiceRow>;
    let tenantId: string;
    const environment = 'test';
    const key = (id: string, overrides: Partial<RowKey> = {}): RowKey => ({ tenantId, environment, id, ...overrides });

    beforeEach(async () => {
      fixture = await make();
      rows = fixture.store.collection<InvoiceRow>(definition);
      tenantId = tenant('tenant');
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    it('answers ping', async () => {
      await fixture.store.ping();
    });

    describe('upsert and get', () => {
      it('stores a row and reads it back unchanged', async () => {
        expect(await rows.upsert(key('1'), 0n, row('1'))).to.equal(true);
        expect(await rows.get(key('1'))).to.deep.equal(row('1'));
        expect(await rows.get(key('missing'))).to.equal(null);
      });

      it('overwrites only with a newer revision', async () => {
        await rows.upsert(key('1'), 3n, row('1', { status: 'sent' }));
        expect(await rows.upsert(key('1'), 2n, row('1', { status: 'stale' }))).to.equal(false);
        expect(await rows.upsert(key('1'), 3n, row('1', { status: 'replayed' }))).to.equal(false);
        expect((await rows.get(key('1')))?.status).to.equal('sent');
        expect(await rows.upsert(key('1'), 4n, row('1', { status: 'validated' }))).to.equal(true);
        expect((await rows.get(key('1')))?.status).to.equal('validated');
      });

      it('replaces the whole row on a newer revision', async () => {
        const withExtra = { ...row('1'), note: 'draft only' };
        await fixture.store.collection<InvoiceRow & { note?: string }>(definition).upsert(key('1'), 0n, withExtra);
        await rows.upsert(key('1'), 1n, row('1'));
        expect(await rows.get(key('1'))).to.deep.equal(row('1'));
      });

      it('isolates tenants and environments that share an id', async () => {
        const other = tenant('other');
        await rows.upsert(key('1'), 5n, row('1', { status: 'mine' }));
        expect(await rows.upsert(key('1', { tenantId: other }), 0n, row('1', { status: 'theirs' }))).to.equal(true);
        expect(await rows.upsert(key('1', { environment: 'live' }), 0n, row('1', { status: 'live' }))).to.equal(true);
        expect((await rows.get(key('1')))?.status).to.equal('mine');
        expect((await rows.get(key('1', { tenantId: other })))?.status).to.equal('theirs');
        expect((await rows.get(key('1', { environment: 'live' })))?.status).to.equal('live');
        expect(await rows.count({ tenantId, environment })).to.equal(1);
        expect((await rows.find({ tenantId, environment, orderBy: [] })).map((item) => item.status)).to.deep.equal(['mine']);
      });

      it('keeps a row’s own tenantId and environment when they differ from its partition', async () => {
        const partition = { tenantId: `nit:${tenantId}`, environment: 'reception-invoices' };
        const own = { ...row('1'), tenantId: 'issuer-tenant', environment: 'test' };
        const stored = fixture.store.collection<InvoiceRow & { tenantId: string; environment: string }>(definition);
        expect(await stored.upsert({ ...partition, id: '1' }, 0n, own)).to.equal(true);
        expect(await stored.get({ ...partition, id: '1' })).to.deep.equal(own);
        expect(await stored.find({ ...partition, where: { status: 'pending' }, orderBy: [] })).to.deep.equal([own]);
        expect(await stored.find({ tenantId: 'issuer-tenant', environment: 'test', orderBy: [] })).to.deep.equal([]);
      });

      it('tells apart keys whose parts contain the separator of the others', async () => {
        const one = { tenantId: `${tenantId}:a`, environment: 'b', id: 'c' };
        const two = { tenantId, environment: 'a:b', id: 'c' };
        const three = { tenantId, environment: 'a', id: 'b:c' };
        for (const [index, each] of [one, two, three].entries()) {
          expect(await rows.upsert(each, 1n, row(each.id, { status: `s${index}` }))).to.equal(true);
        }
        expect((await rows.get(one))?.status).to.equal('s0');
        expect((await rows.get(two))?.status).to.equal('s1');
        expect((await rows.get(three))?.status).to.equal('s2');
      });
    });

    describe('find', () => {
      beforeEach(async () => {
        const days = ['01', '02', '02', '03', '04', '05'];
        const statuses = ['pending', 'validated', 'validated', 'rejected', 'validated', 'pending'];
        for (const [index, day] of days.entries()) {
          const id = `inv-${index}`;
          await rows.upsert(key(id), 0n, row(id, {
            status: statuses[index],
            issuedAt: `2024-05-${day}T12:00:00.000Z`,
            total: (index + 1) * 100,
            paid: index % 2 === 0,
          }));
        }
        await rows.upsert(key('inv-0', { tenantId: tenant('noise') }), 0n, row('inv-0', { status: 'validated' }));
      });

      const ids = (items: InvoiceRow[]) => items.map((item) => item.id);

      it('filters by equality on strings, numbers and booleans', async () => {
        const byStatus = await rows.find({ tenantId, environment, where: { status: 'validated' }, orderBy: [] });
        expect(ids(byStatus)).to.deep.equal(['inv-1', 'inv-2', 'inv-4']);
        const byTotal = await rows.find({ tenantId, environment, where: { total: 400 }, orderBy: [] });
        expect(ids(byTotal)).to.deep.equal(['inv-3']);
        const where = { paid: true, status: 'validated' };
        const byFlag = await rows.find({ tenantId, environment, where, orderBy: [] });
        expect(ids(byFlag)).to.deep.equal(['inv-2', 'inv-4']);
      });

      it('filters by inclusive and exclusive ranges on ISO dates and numbers', async () => {
        const inclusive = await rows.find({
          tenantId,
          environment,
          where: { issuedAt: { gte: '2024-05-02T12:00:00.000Z', lte: '2024-05-04T12:00:00.000Z' } },
          orderBy: [],
        });
        expect(ids(inclusive)).to.deep.equal(['inv-1', 'inv-2', 'inv-3', 'inv-4']);
        const exclusive = await rows.find({
          tenantId,
          environment,
          where: { issuedAt: { gt: '2024-05-02T12:00:00.000Z', lt: '2024-05-05T12:00:00.000Z' }, total: { gte: 500 } },
          orderBy: [],
        });
        expect(ids(exclusive)).to.deep.equal(['inv-4']);
      });

      it('orders by the given fields, then by id in the direction of the last one, and pages with skip/limit', async () => {
        const newest = [['issuedAt', 'desc']] as const;
        expect(ids(await rows.find({ tenantId, environment, orderBy: newest }))).to.deep.equal(['inv-5', 'inv-4', 'inv-3', 'inv-2', 'inv-1', 'inv-0']);
        expect(ids(await rows.find({ tenantId, environment, orderBy: newest, skip: 2, limit: 2 }))).to.deep.equal(['inv-3', 'inv-2']);
        expect(ids(await rows.find({ tenantId, environment, orderBy: newest, skip: 4, limit: 3 }))).to.deep.equal(['inv-1', 'inv-0']);
        const oldest = [['issuedAt', 'asc']] as const;
        expect(ids(await rows.find({ tenantId, environment, orderBy: oldest }))).to.deep.equal(['inv-0', 'inv-1', 'inv-2', 'inv-3', 'inv-4', 'inv-5']);
        expect(ids(await rows.find({ tenantId, environment, orderBy: oldest, skip: 1, limit: 2 }))).to.deep.equal(['inv-1', 'inv-2']);
        expect(ids(await rows.find({ tenantId, environment, orderBy: [] }))).to.deep.equal(['inv-0', 'inv-1', 'inv-2', 'inv-3', 'inv-4', 'inv-5']);
        const byStatus = [['status', 'asc'], ['issuedAt', 'desc']] as const;
        expect(ids(await rows.find({ tenantId, environment, orderBy: byStatus }))).to.deep.equal(['inv-5', 'inv-0', 'inv-3', 'inv-4', 'inv-2', 'inv-1']);
        expect(await rows.find({ tenantId, environment, orderBy: newest, skip: 10, limit: 3 })).to.deep.equal([]);
        expect(await rows.find({ tenantId, environment, orderBy: newest, limit: 0 })).to.deep.equal([]);
        expect(ids(await rows.find({ tenantId, environment, where: { status: 'validated' }, orderBy: newest, limit: 1 }))).to.deep.equal(['inv-4']);
      });

      it('breaks ties by the bytes of the id (UTF-8), both ways', async () => {
        const other = tenant('ties');
        for (const id of ['z', 'ñ', 'B', 'a', 'a:b']) await rows.upsert(key(id, { tenantId: other }), 0n, row(id));
        const ordered = (direction: 'asc' | 'desc', skip?: number, limit?: number) =>
          rows.find({ tenantId: other, environment, orderBy: [['issuedAt', direction]], skip, limit }).then(ids);
        expect(await ordered('asc')).to.deep.equal(['B', 'a', 'a:b', 'z', 'ñ']);
        expect(await ordered('desc')).to.deep.equal(['ñ', 'z', 'a:b', 'a', 'B']);
        expect(await ordered('asc', 1, 2)).to.deep.equal(['a', 'a:b']);
        expect(await ordered('desc', 3, 5)).to.deep.equal(['a', 'B']);
      });

      it('counts the rows of a partition that match the filter, whatever the page', async () => {
        expect(await rows.count({ tenantId, environment })).to.equal(6);
        expect(await rows.count({ tenantId, environment, where: { status: 'validated' } })).to.equal(3);
        expect(await rows.count({ tenantId, environment, where: { status: 'validated', paid: true } })).to.equal(2);
        expect(await rows.count({ tenantId, environment, where: { issuedAt: { gt: '2024-05-02T12:00:00.000Z' }, total: { lte: 500 } } })).to.equal(2);
        expect(await rows.count({ tenantId, environment, where: { status: 'draft' } })).to.equal(0);
        expect(await rows.count({ tenantId: tenant('nobody'), environment })).to.equal(0);
      });

      it('returns rows without internal fields', async () => {
        const found = await rows.find({ tenantId, environment, where: { number: 'SETP-inv-3' }, orderBy: [] });
        expect(found).to.have.length(1);
        expect(Object.keys(found[0]).sort()).to.deep.equal(Object.keys(row('x')).sort());
      });

      it('answers no rows for an unknown tenant', async () => {
        expect(await rows.find({ tenantId: tenant('nobody'), environment, orderBy: [] })).to.deep.equal([]);
      });

      describe('explain', () => {
        const served = async (query: Query | Filter, fields: string[]) => {
          const plan = await rows.explain(query);
          expect(plan.index, `${JSON.stringify(query)}: ${plan.detail}`).to.be.a('string');
          for (const field of fields) expect(plan.index, `${JSON.stringify(query)}: ${plan.detail}`).to.include(field);
          expect(plan.inMemorySort, `${JSON.stringify(query)}: ${plan.detail}`).to.equal(false);
        };

        it('walks an index in the order asked for every query the definition serves, finds and counts alike', async () => {
          await served({ tenantId, environment, where: { status: 'validated' }, orderBy: [['issuedAt', 'desc']], limit: 2 }, ['status']);
          await served({ tenantId, environment, orderBy: [['issuedAt', 'asc']], skip: 2, limit: 2 }, ['issuedAt']);
          await served({ tenantId, environment, where: { issuedAt: { gte: '2024-05-02', lt: '2024-05-05' } }, orderBy: [['issuedAt', 'desc']] }, ['issuedAt']);
          await served({ tenantId, environment, where: { issuedAt: { gte: '2024-05-02' }, paid: true }, orderBy: [['issuedAt', 'asc']] }, ['issuedAt']);
          await served({ tenantId, environment, where: { number: 'SETP-inv-3' }, orderBy: [] }, ['number']);
          await served({ tenantId, environment, orderBy: [] }, []);
          await served({ tenantId, environment, where: { status: 'validated' } }, ['status']);
          await served({ tenantId, environment }, []);
        });

        it('reports a sort in memory when no index gives the order asked', async () => {
          const unindexed = await rows.explain({ tenantId, environment, orderBy: [['total', 'asc']] });
          expect(unindexed.inMemorySort, unindexed.detail).to.equal(true);
          const mixed = await rows.explain({ tenantId, environment, orderBy: [['status', 'asc'], ['issuedAt', 'desc']] });
          expect(mixed.inMemorySort, mixed.detail).to.equal(true);
        });
      });
    });

    describe('clear', () => {
      it('removes every row and accepts writes again from revision 0', async () => {
        await rows.upsert(key('1'), 7n, row('1'));
        await rows.upsert(key('2', { tenantId: tenant('other') }), 7n, row('2'));
        await rows.clear();
        expect(await rows.get(key('1'))).to.equal(null);
        expect(await rows.count({ tenantId, environment })).to.equal(0);
        expect(await rows.upsert(key('1'), 0n, row('1'))).to.equal(true);
      });
    });

    describe('checkpoints', () => {
      it('loads undefined first, then the stored position, then the overwritten one', async () => {
        const { checkpoints } = fixture.store;
        const name = `projection-${randomBytes(4).toString('hex')}`;
        expect(await checkpoints.load(name)).to.equal(undefined);
        await checkpoints.store(name, 42n);
        expect(await checkpoints.load(name)).to.equal(42n);
        await checkpoints.store(name, 2n ** 62n + 1n);
        expect(await checkpoints.load(name)).to.equal(2n ** 62n + 1n);
        await checkpoints.store(name, 0n);
        expect(await checkpoints.load(name)).to.equal(0n);
        expect(await checkpoints.load(`${name}-other`)).to.equal(undefined);
      });
    });

    describe('settings', () => {
      it('reads undefined for an unknown key, then the value set, then the overwritten one, then undefined once deleted', async () => {
        const { settings } = fixture.store;
        const name = `projection:${randomBytes(4).toString('hex')}:active`;
        expect(await settings.get(name)).to.equal(undefined);
        await settings.set(name, '2');
        expect(await settings.get(name)).to.equal('2');
        await settings.set(name, '3');
        expect(await settings.get(name)).to.equal('3');
        await settings.set(`${name}-other`, 'x');
        await settings.set(name, undefined);
        expect(await settings.get(name)).to.equal(undefined);
        expect(await settings.get(`${name}-other`)).to.equal('x');
        await settings.set(name, undefined);
        expect(await settings.get(name)).to.equal(undefined);
      });
    });

    describe('dropCollection', () => {
      it('removes the rows; the collection asked for again is empty, writable from revision 0 and served by its indexes', async () => {
        await rows.upsert(key('1'), 7n, row('1', { status: 'validated' }));
        await rows.upsert(key('2', { tenantId: tenant('other') }), 7n, row('2'));
        await fixture.store.dropCollection(definition.name);
        const again = fixture.store.collection<InvoiceRow>(definition);
        expect(await again.get(key('1'))).to.equal(null);
        expect(await again.find({ tenantId, environment, orderBy: [] })).to.deep.equal([]);
        expect(await again.upsert(key('1'), 0n, row('1', { status: 'pending' }))).to.equal(true);
        expect(await again.get(key('1'))).to.deep.equal(row('1', { status: 'pending' }));
        expect(await again.count({ tenantId, environment, where: { status: 'pending' } })).to.equal(1);
        const plan = await again.explain({ tenantId, environment, where: { status: 'pending' }, orderBy: [['issuedAt', 'desc']] });
        expect(plan.index, plan.detail).to.be.a('string');
        expect(plan.inMemorySort, plan.detail).to.equal(false);
      });

      it('accepts dropping a collection that does not exist', async () => {
        await fixture.store.dropCollection(`never_${randomBytes(4).toString('hex')}`);
      });
    });

    describe('concurrent upserts of one row', () => {
      it('given many callers with different revisions at once, then the highest revision is what stays and no lower one overwrites it later', async () => {
        const revisions = [5n, 2n, 9n, 1n, 7n, 3n, 8n, 4n, 6n, 0n, 12n, 10n, 11n];
        const answers = await Promise.all(revisions.map((revision) => rows.upsert(key('c'), revision, row('c', { status: `r${revision}` }))));
        expect(answers[revisions.indexOf(12n)], 'the highest revision wrote').to.equal(true);
        expect((await rows.get(key('c')))?.status).to.equal('r12');
        const replays = await Promise.all(revisions.map((revision) => rows.upsert(key('c'), revision, row('c', { status: 'replayed' }))));
        expect(replays, 'no revision up to the stored one writes again').to.deep.equal(revisions.map(() => false));
        expect((await rows.get(key('c')))?.status).to.equal('r12');
      });

      it('given many callers with the same revision at once, on a new row and on an older one, then exactly one writes', async () => {
        const racing = (id: string, revision: bigint) =>
          Promise.all(Array.from({ length: 12 }, (_, caller) => rows.upsert(key(id), revision, row(id, { status: `caller-${caller}` }))));
        const fresh = await racing('fresh', 3n);
        expect(fresh.filter(Boolean)).to.have.length(1);
        expect((await rows.get(key('fresh')))?.status).to.equal(`caller-${fresh.indexOf(true)}`);
        await rows.upsert(key('older'), 1n, row('older'));
        const newer = await racing('older', 2n);
        expect(newer.filter(Boolean)).to.have.length(1);
        expect((await rows.get(key('older')))?.status).to.equal(`caller-${newer.indexOf(true)}`);
      });
    });

    describe('restart', () => {
      it('given rows, checkpoints and settings, when the store is reopened on the same data, then all are there and stored revisions still guard writes', async () => {
        await rows.upsert(key('1'), 3n, row('1', { status: 'sent' }));
        await rows.upsert(key('2'), 2n ** 40n, row('2', { status: 'validated' }));
        await fixture.store.checkpoints.store('documents', 1234n);
        await fixture.store.settings.set('projection:documents:active', '2');

        const reopened = await fixture.reopen();
        const again = reopened.collection<InvoiceRow>(definition);
        expect(await again.get(key('1'))).to.deep.equal(row('1', { status: 'sent' }));
        expect(await again.find({ tenantId, environment, where: { status: 'validated' }, orderBy: [['issuedAt', 'desc']] })).to.deep.equal([row('2', { status: 'validated' })]);
        expect(await again.upsert(key('1'), 3n, row('1', { status: 'replayed' }))).to.equal(false);
        expect(await again.upsert(key('2'), 2n ** 40n - 1n, row('2', { status: 'stale' }))).to.equal(false);
        expect(await again.upsert(key('2'), 2n ** 40n + 1n, row('2', { status: 'voided' }))).to.equal(true);
        expect(await reopened.checkpoints.load('documents')).to.equal(1234n);
        expect(await reopened.settings.get('projection:documents:active')).to.equal('2');
        await reopened.checkpoints.store('documents', 1300n);
        expect(await reopened.checkpoints.load('documents')).to.equal(1300n);
      });
    });
  });
}
