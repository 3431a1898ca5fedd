import { expect } from 'chai';
import type { CollectionDefinition, Filter, ReadModelCollection } from '../../application/ports/read-model-store.ts';
import { tenant, type ReadModelStoreFixture } from './read-model-store-fixtures.ts';

interface TalliedRow {
  id: string;
  status: string;
  day: string;
  listedAt: string;
  number: string;
}

const plain: CollectionDefinition = { name: 'contract_tallied', indexes: [['status', 'listedAt'], ['number']] };
const tallied: CollectionDefinition = { ...plain, tallies: [{ fields: ['status', 'day'], where: { listedAt: { gt: '' } } }] };
const LISTED = { listedAt: { gt: '' } };

/** A few rows moved between statuses and days, in and out of the tally's `where`, some writes stale. */
function history(): Array<[id: string, revision: bigint, row: TalliedRow]> {
  const writes: Array<[string, bigint, TalliedRow]> = [];
  const statuses = ['pending', 'validated', 'rejected'];
  for (let i = 0; i < 40; i += 1) {
    const id = `d${i % 13}`;
    const revision = BigInt(Math.floor(i / 13) * 2 + (i % 3 === 0 ? 0 : 1));
    const listedAt = i % 5 === 0 ? '' : `2024-05-${String(1 + (i % 9)).padStart(2, '0')}T10:00:00.000Z`;
    writes.push([id, revision, { id, status: statuses[i % 3], day: `2024-05-0${1 + (i % 4)}`, listedAt, number: `N${i % 13}` }]);
  }
  return writes;
}

/** Filters that a tally answers (the tally's where plus tallied fields) and ones it does not. */
const FILTERS: Array<Record<string, Filter['where']>> = [
  {
    'listed': LISTED,
    'listed, by status': { ...LISTED, status: 'validated' },
    'listed, by day range': { ...LISTED, day: { gte: '2024-05-02', lte: '2024-05-03' } },
    'listed, by status and day range': { ...LISTED, status: 'pending', day: { gt: '2024-05-01', lt: '2024-05-04' } },
    'listed, nothing matches': { ...LISTED, status: 'voided' },
    'every row': {},
    'by status alone': { status: 'validated' },
    'listed, by number': { ...LISTED, number: 'N4' },
    'listed since a time': { listedAt: { gt: '2024-05-04' } },
  },
];

export function readModelTalliesContract(name: string, make: () => Promise<ReadModelStoreFixture>): void {
  describe(`ReadModelStore tallies contract: ${name}`, function () {
    let fixture: ReadModelStoreFixture;
    let tenantId: string;
    const environment = 'test';

    beforeEach(async () => {
      fixture = await make();
      tenantId = tenant('tallied');
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    /** Every filter's count equals the rows that match it, read back and checked here. */
    async function expectExactCounts(rows: ReadModelCollection<TalliedRow>, partition = { tenantId, environment }): Promise<void> {
      const all = await rows.find({ ...partition, orderBy: [] });
      for (const [label, where] of Object.entries(FILTERS[0])) {
        const expected = all.filter((row) => matches(row, where ?? {})).length;
        expect(await rows.count({ ...partition, where }), label).to.equal(expected);
      }
    }

    it('given rows written, rewritten, moved between buckets, in and out of the where, and stale writes, then every count is exact', async () => {
      const rows = fixture.store.collection<TalliedRow>(tallied);
      const other = { tenantId: tenant('other'), environment };
      for (const [id, revision, row] of history()) {
        await rows.upsert({ tenantId, environment, id }, revision, row);
        if (revision % 2n === 0n) await rows.upsert({ ...other, id }, revision, { ...row, status: 'validated' });
      }
      await expectExactCounts(rows);
      await expectExactCounts(rows, other);
      expect(await rows.count({ tenantId, environment, where: { ...LISTED, status: 'validated' } })).to.be.greaterThan(0);
    });

    it('given a count a tally answers, then its plan walks an index with no sort in memory', async () => {
      const rows = fixture.store.collection<TalliedRow>(tallied);
      await rows.upsert({ tenantId, environment, id: 'a' }, 1n, { id: 'a', status: 'validated', day: '2024-05-01', listedAt: '2024-05-01T10:00:00Z', number: 'N1' });
      for (const where of [LISTED, { ...LISTED, status: 'validated', day: { gte: '2024-05-01', lte: '2024-05-31' } }]) {
        const plan = await rows.explain({ tenantId, environment, where });
        expect(plan.index, plan.detail).to.not.equal(null);
        expect(plan.inMemorySort, plan.detail).to.equal(false);
      }
    });

    it('given rows written before the collection had a tally, when it is opened with one, then the counts include them, and later writes too', async () => {
      const before = fixture.store.collection<TalliedRow>(plain);
      const writes = history();
      for (const [id, revision, row] of writes.slice(0, 20)) await before.upsert({ tenantId, environment, id }, revision, row);
      const store = await fixture.reopen();
      const rows = store.collection<TalliedRow>(tallied);
      await expectExactCounts(rows);
      for (const [id, revision, row] of writes.slice(20)) await rows.upsert({ tenantId, environment, id }, revision, row);
      await expectExactCounts(rows);
    });

    it('given a collection opened building, when its rows are written and building finishes, then gets answer throughout, counts are exact, plans walk indexes, and later writes keep both', async () => {
      const definition = { ...tallied, name: 'contract_built' };
      const building = fixture.store.collection<TalliedRow>(definition, { building: true });
      const writes = history();
      for (const [id, revision, row] of writes.slice(0, 30)) await building.upsert({ tenantId, environment, id }, revision, row);
      const fresh: TalliedRow = { id: 'fresh', status: 'sent', day: '2024-05-02', listedAt: '2024-05-02T10:00:00.000Z', number: 'N99' };
      await building.upsert({ tenantId, environment, id: 'fresh' }, 0n, fresh);
      expect(await building.get({ tenantId, environment, id: 'fresh' })).to.deep.equal(fresh);

      await fixture.store.finishBuilding(definition);
      await expectExactCounts(building);
      for (const where of [LISTED, { ...LISTED, status: 'validated' }]) {
        const plan = await building.explain({ tenantId, environment, where });
        expect(plan.index, plan.detail).to.not.equal(null);
      }
      const ordered = await building.explain({ tenantId, environment, where: { status: 'pending' }, orderBy: [['listedAt', 'asc']] });
      expect(ordered.index, ordered.detail).to.not.equal(null);
      expect(ordered.inMemorySort, ordered.detail).to.equal(false);

      for (const [laterId, laterRevision, laterRow] of writes.slice(30)) await building.upsert({ tenantId, environment, id: laterId }, laterRevision, laterRow);
      await expectExactCounts(fixture.store.collection<TalliedRow>(definition));
    });

    it('given a cleared or dropped collection, then its counts start again from zero and follow new writes', async () => {
      let rows = fixture.store.collection<TalliedRow>(tallied);
      const row: TalliedRow = { id: 'a', status: 'validated', day: '2024-05-01', listedAt: '2024-05-01T10:00:00Z', number: 'N1' };
      await rows.upsert({ tenantId, environment, id: 'a' }, 1n, row);
      await rows.clear();
      expect(await rows.count({ tenantId, environment, where: LISTED })).to.equal(0);
      await rows.upsert({ tenantId, environment, id: 'a' }, 0n, row);
      expect(await rows.count({ tenantId, environment, where: { ...LISTED, status: 'validated' } })).to.equal(1);
      await fixture.store.dropCollection(tallied.name);
      rows = fixture.store.collection<TalliedRow>(tallied);
      expect(await rows.count({ tenantId, environment, where: LISTED })).to.equal(0);
      await rows.upsert({ tenantId, environment, id: 'b' }, 0n, { ...row, id: 'b' });
      await expectExactCounts(rows);
      expect(await rows.count({ tenantId, environment, where: LISTED })).to.equal(1);
    });
  });
}

function matches(row: TalliedRow, where: NonNullable<Filter['where']>): boolean {
  return Object.entries(where).every(([field, condition]) => {
    const value = row[field as keyof TalliedRow];
    if (typeof condition !== 'object') return value === condition;
    return (
      (condition.gt === undefined || value > condition.gt) &&
      (condition.gte === undefined || value >= condition.gte) &&
      (condition.lt === undefined || value < condition.lt) &&
      (condition.lte === undefined || value <= condition.lte)
    );
  });
}
