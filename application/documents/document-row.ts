import type { CollectionSpec } from '../ports/read-model-store.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';

/** One row per document of every family: the folded document plus the fields lists filter and sort on. */
export interface DocumentRow extends DocumentState {
  counterpartyIdentification: string;
  counterpartyName: string;
  payableAmount: string;
  /** Log position of the document's last event (fixed width): the keyset of the invoice management face's lists. */
  changeSequence: string;
  /** The status as the invoice management face (seed 001) names it. */
  integrationStatus: string;
}

/**
 * Seed-000 lists of a family (newest first, optionally by status or number; with an issue-date range, by issue date then
 * creation, so the range is one stretch of an index in that order) and the invoice management face's keyset pages (in
 * change order, optionally by status).
 */
export const DOCUMENTS_COLLECTION: CollectionSpec<DocumentRow> = {
  name: 'documents',
  indexes: [
    ['family', 'createdAt'],
    ['family', 'status', 'createdAt'],
    ['family', 'issueDate', 'createdAt'],
    ['family', 'status', 'issueDate', 'createdAt'],
    ['family', 'number', 'createdAt'],
    ['family', 'changeSequence'],
    ['family', 'integrationStatus', 'changeSequence'],
  ],
  // The totals of the seed-000 lists (listed rows have a createdAt) without visiting rows: by status and issue date for
  // filtered lists, and by family alone for the unfiltered one, which would otherwise sum an entry per status and day
  // (3,600 of them for two years of invoices: 0.6 ms a count).
  tallies: [
    { fields: ['family', 'status', 'issueDate'], where: { createdAt: { gt: '' } } },
    { fields: ['family'], where: { createdAt: { gt: '' } } },
  ],
};
