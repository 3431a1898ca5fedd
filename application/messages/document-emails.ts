import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { MessageRow } from './message-row.ts';

export interface DocumentEmail {
  id: string;
  to: string[];
  status: string;
}

/** The e-mails of one document with their current status, oldest first (from the messages read model). */
export class DocumentEmails {
  constructor(private readonly rows: ReadModelCollection<MessageRow>) {}

  async of(documentId: string, scope: { tenantId: string; environment: string }): Promise<DocumentEmail[]> {
    const rows = await this.rows.find({ ...scope, where: { documentId }, orderBy: [['createdAt', 'asc']], limit: 100 });
    return rows.map((row) => ({ id: row.id, to: row.to, status: row.status }));
  }
}
