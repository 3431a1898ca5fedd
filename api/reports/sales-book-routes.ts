import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import type { SalesBook, SalesBookEntry } from '../../application/reports/sales-book.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { authenticate, principalOf, requireScope } from '../http/authentication.ts';
import { csvWriter } from '../http/csv-writer.ts';
import { clientGone, resumed } from '../http/streamed-answer.ts';
import { SALES_BOOK_COLUMNS, salesBookRecord } from './sales-book-columns.ts';
import { parseSalesBookQuery } from './sales-book-query.ts';

export const SALES_BOOK = '/v1/reports/sales-book';

async function* records(entries: AsyncIterable<SalesBookEntry>): AsyncGenerator<string[]> {
  for await (const entry of entries) yield salesBookRecord(entry);
}

/** GET /v1/reports/sales-book: a period's invoices and notes, one CSV row each, streamed as the read model is walked. */
export function salesBookRoutes(services: { apiKeys: ApiKeys; salesBook: SalesBook }): Router {
  const router = Router();
  router.get(SALES_BOOK, authenticate(services.apiKeys), requireScope('invoices:read'), async (req: Request, res: Response) => {
    const period = parseSalesBookQuery(req.query as Record<string, unknown>);
    const entries = services.salesBook.entries(period, principalOf(res));
    const first = await entries.next();
    // The dates are YYYY-MM-DD: nothing in the name needs escaping.
    res.status(200).type('text/csv; charset=utf-8').set({ 'Content-Disposition': `attachment; filename="libro-ventas-${period.from}-${period.to}.csv"`, 'Cache-Control': 'no-store' });
    await pipeline(Readable.from(records(resumed(first, entries))), csvWriter(SALES_BOOK_COLUMNS, { escapeFormulas: false }), res).catch((error: unknown) => {
      if (!clientGone(error)) throw error;
    });
  });
  return router;
}
