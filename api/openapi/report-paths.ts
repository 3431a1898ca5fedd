import { PURCHASES_BOOK_CSV, SALES_BOOK_CSV, type BookCsv } from '../reports/book-columns.ts';
import { PAYROLL_BOOK_CSV } from '../reports/payroll-book-columns.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });

const COMMON =
  'of the key’s company and environment whose issue date is in [from, to], in the order they were issued (issue date, then creation). Amounts are ' +
  'decimal strings with two decimals; a note that takes away has them negative, so that a column’s sum is the period’s net figure. Each tax and rate ' +
  'the catalogs admit has two columns, its base and its amount, and each withholding code (05 ReteIVA, 06 ReteRenta) two more, summed over its rates ' +
  '(empty where the document has none), so the columns are the same for every period; withholdings never reduce the payable amount.';

/** One book's GET: what it holds, its columns and its file. */
function bookPath(summary: string, holds: string, csv: BookCsv, fileName: string, operationId: string) {
  return {
    get: {
      tags: ['Reportes'],
      summary,
      description:
        `${holds} Columns: ${csv.columns.join(', ')}. CSV: UTF-8 with a byte order mark, RFC 4180, CRLF; the counterparty’s identification and ` +
        'name are prefixed with \' when they start with = + - @ (formula injection), amounts never, so that a spreadsheet sums them. JSON lines: one ' +
        'object per document keyed by the same columns, empty cells as null, nothing escaped. Streamed as it is read; read from the lists, which may ' +
        'trail the newest documents by a moment.',
      operationId,
      parameters: [
        { name: 'from', in: 'query', required: true, schema: { type: 'string', format: 'date' }, description: 'First issue date, inclusive (Colombian calendar).' },
        { name: 'to', in: 'query', required: true, schema: { type: 'string', format: 'date' }, description: 'Last issue date, inclusive; not before from.' },
        { name: 'format', in: 'query', schema: { type: 'string', enum: ['csv', 'jsonl'], default: 'csv' } },
      ],
      responses: {
        200: {
          description: `The book, as an attachment named \`${fileName}-<from>-<to>.csv\` (or \`.jsonl\`).`,
          headers: { 'Content-Disposition': { schema: { type: 'string' }, description: `\`attachment; filename="${fileName}-<from>-<to>.<format>"\`` } },
          content: { 'text/csv; charset=utf-8': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } } },
        },
        400: problem('validation_failed: errors[] names each parameter (missing from or to; a bad date; from after to; a format other than csv or jsonl; an unknown parameter).'),
        401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
        403: problem('insufficient_scope: the key lacks invoices:read.'),
      },
    },
  };
}

/** GET /v1/reports/sales-book and /v1/reports/purchases-book. */
export const reportPaths = {
  '/v1/reports/sales-book': bookPath(
    'The sales book of a period: every invoice and note DIAN accepted, one CSV row each, with its taxes by rate',
    'Sales invoices DIAN accepted (an invoice annulled later stays, as does the credit note that annuls it, so the two cancel out), credit notes ' +
      `(negative) and debit notes ${COMMON}`,
    SALES_BOOK_CSV,
    'libro-ventas',
    'sales-book',
  ),
  '/v1/reports/purchases-book': bookPath(
    'The purchases book of a period: every support document and adjustment note DIAN accepted, one CSV row each, with IVA and the withholdings practised',
    'Support documents DIAN accepted (one annulled later stays, as does its annulling note) and their adjustment notes (negative: DIAN builds them as ' +
      `a CreditNote) ${COMMON}`,
    PURCHASES_BOOK_CSV,
    'libro-compras',
    'purchases-book',
  ),
  '/v1/reports/payroll-book': bookPath(
    'The payroll book of a period: every payroll DIAN accepted that still stands, one CSV row each, every concept in its column',
    'Payrolls DIAN accepted of the key’s company and environment whose issue date is in [from, to], in the order they were issued; a payroll an ' +
      'adjustment note deleted is left out with its note. The worker, the settlement period (YYYY-MM) and the payment date, then each of the 42 ' +
      'concepts of the catalog (`accrual_<name>`, `deduction_<name>`: its amounts summed over its entries, empty where the payroll has none), then ' +
      'the totals.',
    PAYROLL_BOOK_CSV,
    'libro-nomina',
    'payroll-book',
  ),
};
