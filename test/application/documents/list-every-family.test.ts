import { expect } from 'chai';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../../../application/documents/document-row.ts';
import { ListEveryFamily, type EveryFamilyQuery } from '../../../application/documents/list-every-family.ts';
import type { Query, ReadModelCollection } from '../../../application/ports/read-model-store.ts';
import { FAMILIES, familyNamed } from '../../../domain/documents/families/index.ts';
import { openTempStores, type TempStores } from '../../support/fixtures.ts';

const scope = { tenantId: 't1', environment: 'test' };
const ALL = [...FAMILIES.values()];

/** A listed row: only the fields the list filters and orders by matter here. */
const row = (id: string, family: string, createdAt: string, extra: Partial<DocumentRow> = {}) =>
  ({ id, family, status: 'validated', number: null, issueDate: createdAt.slice(0, 10), createdAt, changeSequence: '1', integrationStatus: 'x', ...extra }) as unknown as DocumentRow;

/** Passes everything through and keeps the find queries asked, with how many rows each answered. */
function watched(inner: ReadModelCollection<DocumentRow>, finds: Array<{ query: Query; rows: number }>): ReadModelCollection<DocumentRow> {
  return {
    ...inner,
    get: (key) => inner.get(key),
    upsert: (key, revision, value) => inner.upsert(key, revision, value),
    count: (filter) => inner.count(filter),
    explain: (query) => inner.explain(query),
    clear: () => inner.clear(),
    find: async (query) => {
      const found = await inner.find(query);
      finds.push({ query, rows: found.length });
      return found;
    },
  };
}

describe('ListEveryFamily: one keyset list over the families', () => {
  let stores: TempStores;
  let rows: ReadModelCollection<DocumentRow>;
  let finds: Array<{ query: Query; rows: number }>;
  let list: ListEveryFamily;

  beforeEach(async () => {
    stores = openTempStores();
    finds = [];
    rows = watched(stores.readModels.collection(DOCUMENTS_COLLECTION), finds);
    list = new ListEveryFamily(rows);
    const families = ['sales-invoice', 'credit-note', 'payroll', 'support-document'];
    // 40 documents over 4 families, five sharing each instant (so ties are broken by id across families).
    for (let index = 0; index < 40; index += 1) {
      const id = `doc-${String(index).padStart(2, '0')}`;
      const at = `2026-03-${String(1 + Math.floor(index / 5)).padStart(2, '0')}T15:00:00.000Z`;
      await rows.upsert({ ...scope, id }, 0n, row(id, families[index % 4], at, { status: index % 3 === 0 ? 'failed' : 'validated' }));
    }
    await rows.upsert({ ...scope, id: 'draft' }, 0n, row('draft', 'sales-invoice', '', { issueDate: '2026-03-09' }));
    await rows.upsert({ tenantId: 'other', environment: 'test', id: 'theirs' }, 0n, row('theirs', 'sales-invoice', '2026-03-09T15:00:00.000Z'));
    await rows.upsert({ tenantId: 't1', environment: 'live', id: 'live' }, 0n, row('live', 'sales-invoice', '2026-03-09T15:00:00.000Z'));
  });
  afterEach(() => stores.dispose());

  const walk = async (query: Omit<EveryFamilyQuery, 'after'>) => {
    const ids: string[] = [];
    let after: EveryFamilyQuery['after'];
    for (let page = 0; page < 50; page += 1) {
      const answer = await list.execute({ ...query, after }, scope);
      ids.push(...answer.items.map((item) => item.id));
      if (answer.next === null) return { ids, total: answer.total, pages: page + 1 };
      after = answer.next;
    }
    throw new Error('no last page');
  };

  it('given every family, then newest first by creation, ties by id descending, every listed document once, drafts and other partitions out', async () => {
    const { ids, total, pages } = await walk({ families: ALL, limit: 7 });

    const expected = Array.from({ length: 40 }, (_, index) => `doc-${String(index).padStart(2, '0')}`).reverse();
    expect(ids).to.deep.equal(expected);
    expect([total, pages]).to.deep.equal([40, 6]);
  });

  it('given a page, then each family was asked for at most limit + 1 rows after the cursor, however deep the page', async () => {
    await walk({ families: ALL, limit: 5 });

    const perPage = 7;
    expect(finds.length % perPage).to.equal(0);
    for (const { query, rows: answered } of finds) {
      expect(query.limit).to.equal(6);
      expect(answered).to.be.at.most(6);
    }
    expect(finds.slice(perPage).every(({ query }) => query.after !== undefined), 'every later page starts after a position').to.equal(true);
  });

  it('given one family and a status, then only those, and the total counts them', async () => {
    const { ids, total } = await walk({ families: [familyNamed('credit-note')], status: 'failed', limit: 2 });

    const expected = Array.from({ length: 40 }, (_, index) => index)
      .filter((index) => index % 4 === 1 && index % 3 === 0)
      .map((index) => `doc-${String(index).padStart(2, '0')}`)
      .reverse();
    expect(ids).to.deep.equal(expected);
    expect(total).to.equal(expected.length);
  });

  it('given an issue-date range, then by issue date then creation, within the range only', async () => {
    await rows.upsert({ ...scope, id: 'late-draft' }, 0n, row('late-draft', 'payroll', '2026-03-08T20:00:00.000Z', { issueDate: '2026-03-02' }));

    const { ids, total } = await walk({ families: ALL, issuedFrom: '2026-03-02', issuedTo: '2026-03-03', limit: 3 });

    expect(ids).to.deep.equal(['doc-14', 'doc-13', 'doc-12', 'doc-11', 'doc-10', 'late-draft', 'doc-09', 'doc-08', 'doc-07', 'doc-06', 'doc-05']);
    expect(total).to.equal(11);
  });

  it('given a number, then the documents with that number in any family', async () => {
    await rows.upsert({ ...scope, id: 'numbered-a' }, 0n, row('numbered-a', 'sales-invoice', '2026-03-20T15:00:00.000Z', { number: 'SETP990000007' }));
    await rows.upsert({ ...scope, id: 'numbered-b' }, 0n, row('numbered-b', 'payroll', '2026-03-21T15:00:00.000Z', { number: 'SETP990000007' }));

    const answer = await list.execute({ families: ALL, number: 'SETP990000007', limit: 25 }, scope);

    expect([answer.items.map((item) => item.id), answer.total, answer.next]).to.deep.equal([['numbered-b', 'numbered-a'], 2, null]);
  });
});
