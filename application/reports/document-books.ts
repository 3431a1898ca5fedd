import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { DocumentRow } from '../documents/document-row.ts';
import type { Scope } from '../documents/get-document.ts';
import { rowsIssuedIn, type IssuePeriod } from '../documents/rows-issued-in.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import { mergeOrdered } from './merge-ordered.ts';

/** What a book holds of one family: the statuses DIAN accepted, and whether its amounts add (1) or take away (-1). */
export interface BookPart {
  family: DocumentFamily;
  sign: 1 | -1;
  statuses: readonly string[];
}

/** One document of a book. */
export interface BookEntry {
  family: DocumentFamily;
  row: DocumentRow;
  sign: 1 | -1;
}

const PAGE_SIZE = 200;

/** The read model's own order (issue date, creation, id), compared as it compares them: by code unit, not by locale. */
const ordinal = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byIssue = (a: BookEntry, b: BookEntry) =>
  ordinal(a.row.issueDate, b.row.issueDate) || ordinal(a.row.createdAt, b.row.createdAt) || ordinal(a.row.id, b.row.id);

/**
 * A period's book for a company and environment (the sales book, the purchases book): the documents of its families in
 * the order they were issued, read from the documents read model (no file is rendered, no stream read), a page of each
 * family at a time.
 */
export class DocumentBooks {
  constructor(
    private readonly rows: ReadModelCollection<DocumentRow>,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  entries(parts: readonly BookPart[], period: IssuePeriod, scope: Scope): AsyncGenerator<BookEntry> {
    return mergeOrdered(parts.map((part) => this.entriesOf(part, period, scope)), byIssue);
  }

  private async *entriesOf(part: BookPart, period: IssuePeriod, scope: Scope): AsyncGenerator<BookEntry> {
    for await (const row of rowsIssuedIn(this.rows, part.family, period, scope, { pageSize: this.pageSize })) {
      if (part.statuses.includes(row.status) && row.number !== null) yield { family: part.family, row, sign: part.sign };
    }
  }
}
