import type { Logger } from 'pino';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { DocumentNotFoundError } from '../documents/document-errors.ts';
import type { DocumentHistory, HistoryEntry } from '../documents/document-history.ts';
import type { DocumentRow } from '../documents/document-row.ts';
import type { Scope } from '../documents/get-document.ts';
import { rowsIssuedIn, type IssuePeriod } from '../documents/rows-issued-in.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';

export interface AuditExportQuery extends IssuePeriod {
  /** The families to export, one after another. */
  families: readonly DocumentFamily[];
}

/** One document of the period with every event of its stream, and the document as it stands after the last one. */
export interface ExportedDocument {
  family: DocumentFamily;
  document: DocumentState;
  entries: HistoryEntry[];
}

/** Documents read from the read model per page: what the export holds in memory at most, besides one stream. */
const PAGE_SIZE = 100;

/**
 * The documents of a company and environment issued in a period, each with its events, produced one at a time: the
 * rows are walked by rowsIssuedIn and each document's stream is read when its turn comes, so memory stays flat whatever
 * the period holds and a consumer that stops pulling (backpressure, a client gone) stops the reads.
 */
export class AuditExport {
  constructor(
    private readonly rows: ReadModelCollection<DocumentRow>,
    private readonly history: DocumentHistory,
    private readonly logger: Logger,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  async *documents(query: AuditExportQuery, scope: Scope): AsyncGenerator<ExportedDocument> {
    const tally = { documents: 0, events: 0, pages: 0 };
    let outcome = 'ended early';
    try {
      for (const family of query.families) {
        for await (const row of rowsIssuedIn(this.rows, family, query, scope, { pageSize: this.pageSize, onPage: () => (tally.pages += 1) })) {
          const entries = await this.entriesOf(family, row.id, scope);
          if (!entries) continue;
          tally.documents += 1;
          tally.events += entries.length;
          yield { family, document: entries[entries.length - 1].state, entries };
        }
      }
      outcome = 'finished';
    } finally {
      this.logger.info({ ...scope, from: query.from, to: query.to, families: query.families.map((f) => f.name), ...tally }, `audit export ${outcome}`);
    }
  }

  /** The stream folded event by event; undefined when the row names a document this scope cannot see (never expected). */
  private async entriesOf(family: DocumentFamily, id: string, scope: Scope): Promise<HistoryEntry[] | undefined> {
    try {
      return await this.history.of(family, id, scope);
    } catch (error) {
      if (error instanceof DocumentNotFoundError) return undefined;
      throw error;
    }
  }
}
