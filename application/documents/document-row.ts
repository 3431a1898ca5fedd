import type { CollectionDefinition } from '../ports/read-model-store.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';

/** One row per document of every family: the folded document plus the fields lists filter and sort on. */
export interface DocumentRow extends DocumentState {
  counterpartyIdentification: string;
  counterpartyName: string;
  payableAmount: string;
  /** Log position of the document's last event (fixed width): the keyset of the integrations face's lists. */
  changeSequence: string;
  /** The status as the integrations face (seed 001) names it. */
  integrationStatus: string;
}

export const DOCUMENTS_COLLECTION: CollectionDefinition = {
  name: 'documents',
  indexes: [
    ['family', 'createdAt', 'id'],
    ['family', 'status', 'createdAt', 'id'],
    ['family', 'number'],
    ['family', 'issueDate', 'createdAt', 'id'],
    ['family', 'changeSequence'],
    ['family', 'integrationStatus', 'changeSequence'],
  ],
};
