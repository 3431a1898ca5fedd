import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { creditNoteFamily, debitNoteFamily, salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import type { DocumentRow } from '../documents/document-row.ts';
import type { Scope } from '../documents/get-document.ts';
import { rowsIssuedIn, type IssuePeriod } from '../documents/rows-issued-in.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import { mergeOrdered } from './merge-ordered.ts';

/** One document of the book, and whether its amounts add to the period's sales (1) or take from them (-1). */
export interface SalesBookEntry {
  family: DocumentFamily;
  row: DocumentRow;
  sign: 1 | -1;
}

/**
 * What the sales book holds: invoices DIAN accepted (an invoice annulled later stays, and so does the credit note that
 * annuls it, so the two cancel out), credit notes taking from the sales and debit notes adding to them.
 */
const BOOK: ReadonlyArray<{ family: DocumentFamily; sign: 1 | -1; statuses: readonly string[] }> = [
  { family: salesInvoiceFamily, sign: 1, statuses: ['validated', 'voided'] },
  { family: creditNoteFamily, sign: -1, statuses: ['validated'] },
  { family: debitNoteFamily, sign: 1, statuses: ['validated'] },
];

const PAGE_SIZE = 200;

/** The read model's own order (issue date, creation, id), compared as it compares them: by code unit, not by locale. */
const ordinal = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byIssue = (a: SalesBookEntry, b: SalesBookEntry) =>
  ordinal(a.row.issueDate, b.row.issueDate) || ordinal(a.row.createdAt, b.row.createdAt) || ordinal(a.row.id, b.row.id);

/**
 * A period's sales book for a company and environment: its invoices and notes in the order they were issued, read from
 * the documents read model (no file is rendered, no stream read), a page of each family at a time.
 */
export class SalesBook {
  constructor(
    private readonly rows: ReadModelCollection<DocumentRow>,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  entries(period: IssuePeriod, scope: Scope): AsyncGenerator<SalesBookEntry> {
    return mergeOrdered(BOOK.map((part) => this.entriesOf(part, period, scope)), byIssue);
  }

  private async *entriesOf(part: (typeof BOOK)[number], period: IssuePeriod, scope: Scope): AsyncGenerator<SalesBookEntry> {
    for await (const row of rowsIssuedIn(this.rows, part.family, period, scope, { pageSize: this.pageSize })) {
      if (part.statuses.includes(row.status) && row.number !== null) yield { family: part.family, row, sign: part.sign };
    }
  }
}
