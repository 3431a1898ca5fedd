import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { PAYROLL_BOOK, PURCHASES_BOOK, SALES_BOOK } from '../../application/reports/books.ts';
import type { BookEntry, BookPart, DocumentBooks } from '../../application/reports/document-books.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { authenticate, principalOf, requireScope } from '../http/authentication.ts';
import { csvWriter } from '../http/csv-writer.ts';
import { started, untilDoneOrGone } from '../http/streamed-answer.ts';
import { PURCHASES_BOOK_CSV, SALES_BOOK_CSV, type BookCsv } from './book-columns.ts';
import { parseBookQuery } from './book-query.ts';
import { PAYROLL_BOOK_CSV } from './payroll-book-columns.ts';

/** The books, by path: what each holds, its CSV, and the name of its file. */
export const BOOKS: ReadonlyArray<{ path: string; parts: readonly BookPart[]; csv: BookCsv; fileName: string }> = [
  { path: '/v1/reports/sales-book', parts: SALES_BOOK, csv: SALES_BOOK_CSV, fileName: 'libro-ventas' },
  { path: '/v1/reports/purchases-book', parts: PURCHASES_BOOK, csv: PURCHASES_BOOK_CSV, fileName: 'libro-compras' },
  { path: '/v1/reports/payroll-book', parts: PAYROLL_BOOK, csv: PAYROLL_BOOK_CSV, fileName: 'libro-nomina' },
];

async function* records(entries: AsyncIterable<BookEntry>, csv: BookCsv): AsyncGenerator<string[]> {
  for await (const entry of entries) yield csv.record(entry);
}

/** One JSON object per line, keyed by the CSV's columns (empty cells as null), nothing escaped: JSON runs no formulas. */
async function* jsonLines(entries: AsyncIterable<BookEntry>, csv: BookCsv): AsyncGenerator<string> {
  for await (const entry of entries) {
    const cells = csv.record(entry, { escapeText: false });
    yield `${JSON.stringify(Object.fromEntries(csv.columns.map((column, index) => [column, cells[index] === '' ? null : cells[index]])))}\n`;
  }
}

/** GET /v1/reports/{sales,purchases,payroll}-book: a period's documents, one CSV row each, streamed as the read model is walked. */
export function bookRoutes(services: { apiKeys: ApiKeys; books: DocumentBooks }): Router {
  const router = Router();
  for (const book of BOOKS) {
    router.get(book.path, authenticate(services.apiKeys), requireScope('invoices:read'), async (req: Request, res: Response) => {
      const { format, ...period } = parseBookQuery(req.query as Record<string, unknown>);
      const source = await started(services.books.entries(book.parts, period, principalOf(res)));
      // The dates are YYYY-MM-DD: nothing in the name needs escaping.
      res.status(200).type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson');
      res.set({ 'Content-Disposition': `attachment; filename="${book.fileName}-${period.from}-${period.to}.${format}"`, 'Cache-Control': 'no-store' });
      await untilDoneOrGone(format === 'csv'
        // Amounts must stay numbers: the record escapes its text cells itself.
        ? pipeline(Readable.from(records(source, book.csv)), csvWriter(book.csv.columns, { escapeFormulas: false }), res)
        : pipeline(Readable.from(jsonLines(source, book.csv)), res));
    });
  }
  return router;
}
