import type { Scope } from '../documents/get-document.ts';
import type { ReadModelCollection, RowPosition } from '../ports/read-model-store.ts';
import type { MessageRow } from './message-row.ts';

export interface MessageListQuery {
  status?: string;
  limit: number;
  /** Where the previous page ended (keyset). */
  after?: RowPosition;
}

/** The company's messages in the key's environment, newest first, optionally of one status, in keyset pages. */
export class ListMessages {
  constructor(private readonly rows: ReadModelCollection<MessageRow>) {}

  async execute({ status, limit, after }: MessageListQuery, scope: Scope): Promise<{ items: MessageRow[]; next: RowPosition | null }> {
    const rows = await this.rows.find({ ...scope, where: status ? { status } : {}, orderBy: [['createdAt', 'desc']], after, limit: limit + 1 });
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, next: rows.length > limit ? { values: [last.createdAt], id: last.id } : null };
  }
}
