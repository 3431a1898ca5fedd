import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';
import { CSV_COLUMNS } from '../audit/audit-export-formats.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const tags = ['Auditoria'];
const keyed = {
  401: problem('unauthorized: Bearer header missing, or key unknown or revoked.'),
  403: problem('insufficient_scope: the key lacks invoices:read.'),
};
const date = (description: string) => ({ type: 'string', format: 'date', description });

/** Auditing a company's whole period: the export of its documents with their events. */
export const auditPaths = {
  '/v1/audit/export': {
    get: {
      tags,
      summary: 'The documents issued in a period, each with every event of its stream, streamed as CSV or JSON lines',
      description:
        'Documents of the key’s company and environment whose issue date is in [from, to], family by family, by issue date then creation. ' +
        'Streamed as it is read (memory stays flat whatever the period holds); a failure after the first bytes cuts the transfer short. ' +
        `CSV: one row per event, columns ${CSV_COLUMNS.join(', ')}; a UTF-8 byte order mark, RFC 4180 quoting, CRLF, and cells starting with = + - @ prefixed with ' (formula injection). ` +
        'JSON lines: one line per document, `{document, events}`.',
      operationId: 'export-audit-period',
      parameters: [
        { name: 'from', in: 'query', required: true, schema: date('First issue date, inclusive (Colombian calendar).') },
        { name: 'to', in: 'query', required: true, schema: date('Last issue date, inclusive; not before from.') },
        { name: 'format', in: 'query', required: true, schema: { type: 'string', enum: ['csv', 'jsonl'] } },
        { name: 'family', in: 'query', required: false, schema: { type: 'string', enum: Object.values(FAMILY_PATH_NAMES) }, description: 'One family only.' },
      ],
      responses: {
        200: {
          description: 'The export. CSV comes as an attachment named `auditoria-<from>-<to>.csv`.',
          headers: { 'Content-Disposition': { schema: { type: 'string' }, description: '`attachment; filename="auditoria-<from>-<to>.csv"` (CSV only).' } },
          content: {
            'text/csv; charset=utf-8': { schema: { type: 'string' } },
            'application/x-ndjson': { schema: { type: 'string', description: 'One AuditExportLine per line.' } },
          },
        },
        400: problem('validation_failed: errors[] names each parameter (missing from, to or format; a bad date; from after to; an unknown family or parameter).'),
        ...keyed,
      },
    },
  },
};

const nullable = (type: string) => ({ type: [type, 'null'] });

export const auditSchemas = {
  AuditExportLine: {
    type: 'object',
    description: 'One line of the JSON lines export.',
    required: ['document', 'events'],
    properties: {
      document: {
        type: 'object',
        required: ['id', 'family', 'number', 'unique_code', 'issue_date', 'status', 'counterparty', 'payable_amount'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          family: { type: 'string', enum: Object.values(FAMILY_PATH_NAMES) },
          number: nullable('string'),
          unique_code: nullable('string'),
          issue_date: { type: 'string', format: 'date' },
          status: { type: 'string' },
          counterparty: { type: 'object', required: ['identification', 'name'], properties: { identification: { type: 'string' }, name: { type: 'string' } } },
          payable_amount: { type: 'string' },
        },
      },
      events: {
        type: 'array',
        items: {
          type: 'object',
          required: ['revision', 'event_id', 'type', 'recorded_at', 'actor', 'correlation_id', 'causation_id', 'status_after', 'hash', 'previous_hash', 'data'],
          properties: {
            revision: { type: 'integer', minimum: 0 },
            event_id: { type: 'string' },
            type: { type: 'string' },
            recorded_at: { type: 'string', format: 'date-time' },
            actor: nullable('string'),
            correlation_id: nullable('string'),
            causation_id: nullable('string'),
            status_after: { type: 'string' },
            hash: nullable('string'),
            previous_hash: nullable('string'),
            data: { type: 'object' },
          },
        },
      },
    },
  },
};
