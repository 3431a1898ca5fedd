import { ARCHIVE_MAX_DOCUMENTS } from '../../application/documents/document-archive.ts';
import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';
import { LISTABLE_STATUSES } from '../../domain/documents/document-status.ts';
import { INDEX_COLUMNS } from '../documents/archive-index.ts';
import { ARCHIVE_FORMATS } from '../documents/archive-query.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const FAMILIES = Object.values(FAMILY_PATH_NAMES);
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });

/** GET /v1/documents: every family of the key's company and environment in one keyset list. */
export const documentListPaths = {
  '/v1/documents': {
    get: {
      tags: ['Documentos'],
      summary: 'Every document of every family, most recent first, in cursor pages, with the exact total',
      description:
        'Newest first by creation; with an issue-date range (and no number), by issue date and then creation, as the lists of each family. ' +
        'Drafts that never entered issuance are not listed. Follow `next_cursor` until it is null; it carries the filters (leave them out or keep them as they were).',
      operationId: 'list-documents',
      parameters: [
        { name: 'family', in: 'query', schema: { type: 'string', enum: FAMILIES }, description: 'One family, by the last segment of its path.' },
        { name: 'status', in: 'query', schema: { type: 'string', enum: LISTABLE_STATUSES } },
        { name: 'number', in: 'query', schema: { type: 'string', minLength: 1, maxLength: 50 }, description: 'Exact tax authority number.' },
        { name: 'issued_from', in: 'query', schema: { type: 'string', format: 'date' }, description: 'Inclusive, Colombian calendar.' },
        { name: 'issued_to', in: 'query', schema: { type: 'string', format: 'date' }, description: 'Inclusive; not before issued_from.' },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
        { name: 'cursor', in: 'query', schema: { type: 'string' }, description: '`next_cursor` of the previous page, unchanged.' },
      ],
      responses: {
        200: { description: 'A page.', content: { 'application/json': { schema: { $ref: '#/components/schemas/DocumentListPage' } } } },
        400: problem('validation_failed: errors[] names each parameter (an unknown one, a bad value, a cursor not issued here or of other filters).'),
        401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
        403: problem('insufficient_scope: the key lacks invoices:read.'),
      },
    },
  },
};

const INDEX = 'the columns of `indice.csv`: ' + INDEX_COLUMNS.join(', ');

/** GET /v1/documents/archive: a period's documents as one ZIP of their files. */
export const documentArchivePaths = {
  '/v1/documents/archive': {
    get: {
      tags: ['Documentos'],
      summary: 'The files of every document DIAN accepted in a period, as one ZIP with an index of SHA-256 hashes',
      description:
        'Documents of the key’s company and environment whose issue date is in [from, to] and that DIAN accepted (validated, or validated and ' +
        'later annulled by a credit note), family by family, by issue date then creation. Each file is what its own download serves ' +
        '(`GET {base}/{id}/{format}`), in a folder per family named by its path (`sales-invoices/SETP990000001.xml`, `sales-invoices/adSETP990000001.xml`, ' +
        '`payrolls/NE1.xml`), stamped with the document’s issue date and time; then `indice.csv`, one row per file, ' + INDEX + ' (UTF-8 with a byte order mark, ' +
        'RFC 4180, CRLF). Streamed as the files are rendered; a failure after the first bytes cuts the transfer short, so a partial archive never ' +
        `passes for a whole one. At most ${ARCHIVE_MAX_DOCUMENTS.toLocaleString('en')} documents per archive (ZIP without ZIP64 holds 65,535 entries).`,
      operationId: 'archive-documents',
      parameters: [
        { name: 'from', in: 'query', required: true, schema: { type: 'string', format: 'date' }, description: 'First issue date, inclusive (Colombian calendar).' },
        { name: 'to', in: 'query', required: true, schema: { type: 'string', format: 'date' }, description: 'Last issue date, inclusive; not before from.' },
        { name: 'family', in: 'query', schema: { type: 'string', enum: FAMILIES }, description: 'One family only.' },
        {
          name: 'formats',
          in: 'query',
          schema: { type: 'string', example: 'xml,pdf' },
          description: `Comma-separated, of ${ARCHIVE_FORMATS.join(', ')} (default: all). Each family gets those its downloads have: payroll only xml.`,
        },
      ],
      responses: {
        200: {
          description: 'The archive, as an attachment named `documentos-<from>-<to>.zip`.',
          headers: { 'Content-Disposition': { schema: { type: 'string' }, description: '`attachment; filename="documentos-<from>-<to>.zip"`' } },
          content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
        },
        400: problem('validation_failed: errors[] names each parameter (missing from or to; a bad date; from after to; an unknown family, format or parameter; formats the family does not have).'),
        401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
        403: problem('insufficient_scope: the key lacks invoices:read.'),
        422: problem(`archive_too_large: the period holds more than ${ARCHIVE_MAX_DOCUMENTS.toLocaleString('en')} documents (\`documents\`, \`limit\`); ask for a shorter period or one family.`),
      },
    },
  },
};

export const documentListSchemas = {
  DocumentListItem: {
    type: 'object',
    required: ['id', 'family', 'number', 'status', 'issue_date', 'created_at', 'unique_code', 'counterparty', 'payable_amount', 'links'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      family: { type: 'string', enum: FAMILIES },
      number: nullable('string', { description: 'Tax authority number, once validated.' }),
      status: { type: 'string', enum: [...LISTABLE_STATUSES, 'voided'], description: 'As seed 000 names it.' },
      issue_date: { type: 'string', format: 'date' },
      created_at: { type: 'string', format: 'date-time' },
      unique_code: nullable('string', { description: 'CUFE, CUDE, CUDS or CUNE, once validated.' }),
      counterparty: {
        type: 'object',
        required: ['identification', 'name'],
        properties: { identification: { type: 'string' }, name: { type: 'string' } },
        description: 'The customer, provider or worker.',
      },
      payable_amount: { type: 'string', example: '83300.00' },
      links: { type: 'object', required: ['self'], properties: { self: { type: 'string', description: 'The family’s own GET {base}/{id}.' } } },
    },
  },
  DocumentListPage: {
    type: 'object',
    required: ['data', 'next_cursor', 'total'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/DocumentListItem' } },
      next_cursor: nullable('string', { description: 'Pass it as `cursor` for the next page; null on the last page.' }),
      total: { type: 'integer', minimum: 0, description: 'How many documents match the filters in all.' },
    },
  },
};
