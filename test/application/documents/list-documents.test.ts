import { expect } from 'chai';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../../../application/documents/document-row.ts';
import { ListDocuments } from '../../../application/documents/list-documents.ts';
import { salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { openTempStores, type TempStores } from '../../support/fixtures.ts';

const scope = { tenantId: 't1', environment: 'test' };

/** A listed row: only the fields the list filters and orders by matter here. */
const row = (id: string, issueDate: string, createdAt: string) =>
  ({ id, family: 'sales-invoice', status: 'validated', number: null, issueDate, createdAt, changeSequence: '1', integrationStatus: 'x' }) as unknown as DocumentRow;

describe('ListDocuments', () => {
  let stores: TempStores;
  beforeEach(() => (stores = openTempStores()));
  afterEach(() => stores.dispose());

  it('given an issue-date range, then most recent by issue date, then by creation; without one, by creation', async () => {
    const rows = stores.readModels.collection(DOCUMENTS_COLLECTION);
    // A draft finalized on the 1st and transmitted on the 5th, between documents issued on the 3rd and the 4th.
    await rows.upsert({ ...scope, id: 'issued-3rd' }, 0n, row('issued-3rd', '2026-03-03', '2026-03-03T15:00:00.000Z'));
    await rows.upsert({ ...scope, id: 'issued-4th' }, 0n, row('issued-4th', '2026-03-04', '2026-03-04T15:00:00.000Z'));
    await rows.upsert({ ...scope, id: 'draft-of-1st' }, 0n, row('draft-of-1st', '2026-03-01', '2026-03-05T15:00:00.000Z'));
    const list = new ListDocuments(rows);
    const ids = async (filters: { issuedFrom?: string; issuedTo?: string }) =>
      (await list.execute(salesInvoiceFamily, { page: 1, perPage: 25, ...filters }, scope)).items.map((item) => item.id);
    expect(await ids({})).to.deep.equal(['draft-of-1st', 'issued-4th', 'issued-3rd']);
    expect(await ids({ issuedFrom: '2026-03-01', issuedTo: '2026-03-31' })).to.deep.equal(['issued-4th', 'issued-3rd', 'draft-of-1st']);
    expect(await ids({ issuedTo: '2026-03-03' })).to.deep.equal(['issued-3rd', 'draft-of-1st']);
  });
});
