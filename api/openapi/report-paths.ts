import { SALES_BOOK_COLUMNS } from '../reports/sales-book-columns.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });

/** GET /v1/reports/sales-book: the period's sales book. */
export const reportPaths = {
  '/v1/reports/sales-book': {
    get: {
      tags: ['Documentos'],
      summary: 'The sales book of a period: every invoice and note DIAN accepted, one CSV row each, with its taxes by rate',
      description:
        'Sales invoices DIAN accepted (an invoice annulled later stays, as does the credit note that annuls it, so the two cancel out), credit notes and ' +
        'debit notes of the key’s company and environment whose issue date is in [from, to], in the order they were issued (issue date, then creation). ' +
        'Amounts are decimal strings with two decimals; a credit note’s are negative, so that a column’s sum is the period’s net figure. Each tax and ' +
        'rate the catalogs admit has two columns, its base and its amount (empty where the document has none), so the columns are the same for ' +
        'every period; `withholding_total` is informative (withholdings never reduce the payable amount) and empty without withholdings. ' +
        `Columns: ${SALES_BOOK_COLUMNS.join(', ')}. UTF-8 with a byte order mark, RFC 4180, CRLF; the counterparty's identification and name ` +
        'are prefixed with \' when they start with = + - @ (formula injection), amounts never, so that a spreadsheet sums them. Streamed as it is read; ' +
        'read from the lists, which may trail the newest documents by a moment.',
      operationId: 'sales-book',
      parameters: [
        { name: 'from', in: 'query', required: true, schema: { type: 'string', format: 'date' }, description: 'First issue date, inclusive (Colombian calendar).' },
        { name: 'to', in: 'query', required: true, schema: { type: 'string', format: 'date' }, description: 'Last issue date, inclusive; not before from.' },
      ],
      responses: {
        200: {
          description: 'The book, as an attachment named `libro-ventas-<from>-<to>.csv`.',
          headers: { 'Content-Disposition': { schema: { type: 'string' }, description: '`attachment; filename="libro-ventas-<from>-<to>.csv"`' } },
          content: { 'text/csv; charset=utf-8': { schema: { type: 'string' } } },
        },
        400: problem('validation_failed: errors[] names each parameter (missing from or to; a bad date; from after to; an unknown parameter).'),
        401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
        403: problem('insufficient_scope: the key lacks invoices:read.'),
      },
    },
  },
};
