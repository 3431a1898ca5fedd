import { expect } from 'chai';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../../../application/documents/document-row.ts';
import { changeSequenceOf } from '../../../application/invoice-management/change-sequence.ts';
import { ListInvoices } from '../../../application/invoice-management/list-invoices.ts';
import { VISIBILITY_COLLECTION, VisibilityWatermarks, type VisibilitySample } from '../../../application/invoice-management/visibility-watermarks.ts';
import type { ReadModelStore } from '../../../application/ports/read-model-store.ts';
import { initialDocumentState } from '../../../domain/documents/document-state.ts';

const scope = { tenantId: 't1', environment: 'test' };

function row(id: string, position: bigint, status = 'draft'): DocumentRow {
  return {
    ...initialDocumentState(),
    id,
    family: 'sales-invoice',
    status: 'draft',
    tenantId: scope.tenantId,
    environment: scope.environment,
    counterpartyIdentification: '',
    counterpartyName: '',
    payableAmount: '',
    changeSequence: changeSequenceOf(position),
    integrationStatus: status,
  };
}

/** The keyset of ListInvoices over a read-model adapter: positions beyond 2^53 (KurrentDB) still sort numerically. */
export function keysetSuite(name: string, open: () => Promise<{ store: ReadModelStore; cleanup(): Promise<void> }>) {
  describe(`Integrations: keyset pages over ${name}`, () => {
    let fixture: { store: ReadModelStore; cleanup(): Promise<void> };
    before(async () => {
      fixture = await open();
    });
    after(() => fixture.cleanup());

    it('given rows with large and small positions, when paged 2 by 2 while one row moves to the end, then none is skipped', async () => {
      const rows = fixture.store.collection<DocumentRow>(DOCUMENTS_COLLECTION);
      const positions = [9n, 10n, 2n ** 60n, 2n ** 60n + 1n, 2n ** 61n];
      for (const [i, position] of positions.entries()) await rows.upsert({ ...scope, id: `d${i}` }, 0n, row(`d${i}`, position));
      const watermarks = new VisibilityWatermarks(fixture.store.collection<VisibilitySample>(VISIBILITY_COLLECTION));
      const list = new ListInvoices(rows, watermarks);

      const first = await list.execute({ limit: 2 }, scope);
      await rows.upsert({ ...scope, id: 'd0' }, 1n, row('d0', 2n ** 62n, 'issued'));
      const seen = [...first.invoices];
      for (let after = first.next; after; ) {
        const page = await list.execute({ limit: 2, after }, scope);
        seen.push(...page.invoices);
        after = page.next;
      }

      expect(seen.map((invoice) => invoice.id)).to.deep.equal(['d0', 'd1', 'd2', 'd3', 'd4', 'd0']);
      expect((await list.execute({ limit: 10, status: 'issued' }, scope)).invoices.map((invoice) => invoice.id)).to.deep.equal(['d0']);
    });

    it('given samples of what was visible when, then updated_since lists what came after the last sample 2 s before it', async () => {
      const rows = fixture.store.collection<DocumentRow>(DOCUMENTS_COLLECTION);
      const watermarks = new VisibilityWatermarks(fixture.store.collection<VisibilitySample>(VISIBILITY_COLLECTION));
      const list = new ListInvoices(rows, watermarks);
      await watermarks.record(10n, new Date('2026-01-31T14:00:00.000Z'));
      await watermarks.record(2n ** 60n + 1n, new Date('2026-01-31T14:00:01.000Z'));

      const since = (iso: string) => list.execute({ limit: 10, updatedSince: new Date(iso) }, { tenantId: scope.tenantId, environment: scope.environment });

      expect((await since('2026-01-31T14:00:01.999Z')).invoices.map((invoice) => invoice.id)).to.deep.equal(['d1', 'd2', 'd3', 'd4', 'd0']);
      expect((await since('2026-01-31T14:00:02.000Z')).invoices.map((invoice) => invoice.id)).to.deep.equal(['d2', 'd3', 'd4', 'd0']);
      expect((await since('2026-01-31T14:00:03.000Z')).invoices.map((invoice) => invoice.id)).to.deep.equal(['d4', 'd0']);
      expect((await since('2020-01-01T00:00:00.000Z')).invoices).to.have.length(5);
    });
  });
}
