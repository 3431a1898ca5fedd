import { expect } from 'chai';
import type { CollectionDefinition, Query, ReadModelCollection } from '../../application/ports/read-model-store.ts';
import { tenant, type ReadModelStoreFixture } from './read-model-store-fixtures.ts';

// A type, not an interface: its rows read as records of strings.
type ListedRow = {
  id: string;
  status: string;
  day: string;
  listedAt: string;
};

const definition: CollectionDefinition = { name: 'contract_keyset', indexes: [['listedAt'], ['status', 'day', 'listedAt']] };

/** 30 rows over few instants and days, so that many tie on every field but the id. */
function rowsOf(count: number): ListedRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `r${String((index * 7) % count).padStart(2, '0')}`,
    status: index % 3 === 0 ? 'failed' : 'validated',
    day: `2024-05-0${1 + (index % 4)}`,
    listedAt: `2024-05-01T10:00:0${index % 5}.000Z`,
  }));
}

/** Every page of `query`, each one asked after the last row of the one before (keyset), concatenated. */
async function keysetWalk(rows: ReadModelCollection<ListedRow>, query: Query, pageSize: number): Promise<string[]> {
  const seen: string[] = [];
  let after: Query['after'];
  for (let page = 0; page < 100; page += 1) {
    const found = await rows.find({ ...query, after, limit: pageSize });
    seen.push(...found.map((row) => row.id));
    if (found.length < pageSize) return seen;
    const last: Record<string, string> = found[found.length - 1];
    after = { values: query.orderBy.map(([field]) => last[field]), id: last.id };
  }
  throw new Error('the walk did not end');
}

/** `after` (keyset paging): each page starts right after the row that ended the one before, in any order asked. */
export function readModelKeysetContract(name: string, make: () => Promise<ReadModelStoreFixture>): void {
  describe(`ReadModelStore contract, keyset pages: ${name}`, function () {
    let fixture: ReadModelStoreFixture;
    let rows: ReadModelCollection<ListedRow>;
    let tenantId: string;
    const environment = 'test';

    beforeEach(async () => {
      fixture = await make();
      rows = fixture.store.collection<ListedRow>(definition);
      tenantId = tenant('keyset');
      for (const row of rowsOf(30)) await rows.upsert({ tenantId, environment, id: row.id }, 0n, row);
      await rows.upsert({ tenantId: tenant('noise'), environment, id: 'r00' }, 0n, rowsOf(1)[0]);
    });
    afterEach(() => fixture.cleanup());

    const queries: Array<[string, Query]> = [
      ['newest first', { tenantId: '', environment, orderBy: [['listedAt', 'desc']] }],
      ['oldest first', { tenantId: '', environment, orderBy: [['listedAt', 'asc']] }],
      ['by id alone', { tenantId: '', environment, orderBy: [] }],
      ['one status, by day then instant, newest first', { tenantId: '', environment, where: { status: 'validated' }, orderBy: [['day', 'desc'], ['listedAt', 'desc']] }],
      ['a day range, oldest first', { tenantId: '', environment, where: { status: 'failed', day: { gte: '2024-05-02', lte: '2024-05-03' } }, orderBy: [['day', 'asc'], ['listedAt', 'asc']] }],
    ];

    for (const [label, shape] of queries) {
      it(`given rows that tie on every field but the id, then pages of any size walk ${label} exactly as one find does`, async () => {
        const query = { ...shape, tenantId };
        const whole = (await rows.find(query)).map((row) => row.id);
        expect(whole.length, 'rows to walk').to.be.at.least(4);
        for (const size of [1, 2, 7, 30]) expect(await keysetWalk(rows, query, size), `pages of ${size}`).to.deep.equal(whole);
      });
    }

    it('given a position no row holds, then the page starts at the first row after where it would stand', async () => {
      const query: Query = { tenantId, environment, orderBy: [['listedAt', 'desc']] };
      const whole = await rows.find(query);
      const after = { values: ['2024-05-01T10:00:02.000Z'], id: 'r15a' };
      const expected = whole.filter((row) => row.listedAt < after.values[0] || (row.listedAt === after.values[0] && row.id < after.id)).map((row) => row.id);
      expect((await rows.find({ ...query, after })).map((row) => row.id)).to.deep.equal(expected);
    });

    it('given a keyset page, then it walks an index in the order asked, with no sort in memory', async () => {
      for (const [label, shape] of queries) {
        const plan = await rows.explain({ ...shape, tenantId, after: { values: shape.orderBy.map(() => '2024-05-02'), id: 'r10' }, limit: 5 });
        expect(plan.index, `${label}: ${plan.detail}`).to.be.a('string');
        expect(plan.inMemorySort, `${label}: ${plan.detail}`).to.equal(false);
      }
    });

    it('given an order with mixed directions or a position that does not fit it, then find refuses it', async () => {
      const mixed: Query = { tenantId, environment, orderBy: [['day', 'asc'], ['listedAt', 'desc']], after: { values: ['2024-05-01', 'x'], id: 'r01' } };
      const short: Query = { tenantId, environment, orderBy: [['listedAt', 'desc']], after: { values: [], id: 'r01' } };
      for (const query of [mixed, short]) {
        const failure = await rows.find(query).then(() => undefined, (error: unknown) => error);
        expect(failure, JSON.stringify(query)).to.be.instanceOf(Error);
      }
    });
  });
}
