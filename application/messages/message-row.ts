import type { CollectionSpec } from '../ports/read-model-store.ts';

/** The messages read model: what lists need (a document's e-mails), without the rendered bodies. */
export interface MessageRow {
  id: string;
  to: string[];
  status: string;
  statusDetail: string | null;
  documentId: string | null;
  subject: string;
  attempts: number;
  createdAt: string;
  updatedAt: string;
}

/** The e-mails of a document, oldest first. */
export const MESSAGES_COLLECTION: CollectionSpec<MessageRow> = { name: 'messages', indexes: [['documentId', 'createdAt']] };
