import type { CollectionSpec } from '../ports/read-model-store.ts';

/** The messages read model: what lists need (a document's e-mails, the company's messages), without the rendered bodies. */
export interface MessageRow {
  id: string;
  to: string[];
  /** Absent on rows written before it was kept: rebuild the messages projection to fill it. */
  template?: { slug: string; design: string };
  status: string;
  statusDetail: string | null;
  documentId: string | null;
  subject: string;
  attempts: number;
  createdAt: string;
  updatedAt: string;
}

/** The e-mails of a document, oldest first; the company's messages newest first, all or by status (keyset pages). */
export const MESSAGES_COLLECTION: CollectionSpec<MessageRow> = { name: 'messages', indexes: [['documentId', 'createdAt'], ['createdAt'], ['status', 'createdAt']] };
