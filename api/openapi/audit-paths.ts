import { TRAIL_FINDING_KINDS } from '../../application/audit/trail-finding.ts';
import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';
import { CSV_COLUMNS } from '../audit/audit-export-formats.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const tags = ['Auditoria'];
const keyed = {
  401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
  403: problem('insufficient_scope: the key lacks invoices:read.'),
};
const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } });
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
  '/v1/audit/verifications': {
    post: {
      tags,
      summary: 'Verify the company’s whole trail in this environment, in the background',
      description:
        'Recomputes the hash chain of every stream of the key’s company and environment from the whole log, as `audit verify --tenant` does, ' +
        'in the instance that got the request; follow it with GET (any instance answers). One runs at a time per company and environment: ' +
        'a second POST meanwhile is refused with 409 `verification_running`, naming the running one.',
      operationId: 'start-audit-verification',
      requestBody: { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/AuditVerificationRequest' } } } },
      responses: {
        202: { description: 'Started; Location names it.', headers: { Location: { schema: { type: 'string' } } }, content: json('AuditVerification') },
        ...keyed,
        409: problem('verification_running: one is running already; `verification_id` and Location name it.'),
        415: problem('unsupported_media_type: a body that is not JSON.'),
        422: problem('validation_failed: the body is not an empty JSON object.'),
      },
    },
    get: {
      tags,
      summary: 'The company’s latest verifications, newest first (cursor pages)',
      operationId: 'list-audit-verifications',
      parameters: [
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
        { name: 'cursor', in: 'query', schema: { type: 'string' }, description: '`next_cursor` of the previous page, unchanged.' },
      ],
      responses: { 200: { description: 'A page.', content: json('AuditVerificationList') }, 400: problem('validation_failed: limit, cursor or an unknown parameter.'), ...keyed },
    },
  },
  '/v1/audit/verifications/{id}': {
    get: {
      tags,
      summary: 'One verification: its status, progress and findings',
      operationId: 'get-audit-verification',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: '`ver_…`' }],
      responses: {
        200: { description: 'The verification.', content: json('AuditVerification') },
        ...keyed,
        404: problem('not_found: no verification with that id for the key’s company and environment.'),
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
  AuditVerificationRequest: { type: 'object', additionalProperties: false, description: 'Nothing to send yet: no body, or `{}`.' },
  AuditVerification: {
    type: 'object',
    required: ['id', 'status', 'started_at', 'finished_at', 'events_total', 'events_checked', 'streams_checked', 'intact', 'findings', 'findings_count', 'error'],
    properties: {
      id: { type: 'string', example: 'ver_4kT0c8ZqJ2mW9xR1bN7a' },
      status: {
        type: 'string',
        enum: ['running', 'completed', 'failed', 'interrupted'],
        description: '`interrupted`: its instance stopped (no heartbeat for 30 s) or the service shut down while it ran.',
      },
      started_at: { type: 'string', format: 'date-time' },
      finished_at: { type: ['string', 'null'], format: 'date-time' },
      events_total: { type: 'integer', minimum: 0, description: 'Events in the log when it started: it reads them all, and checks the company’s.' },
      events_checked: { type: 'integer', minimum: 0, description: 'Events of the log read so far: events_checked / events_total is its progress.' },
      tenant_events_checked: { type: 'integer', minimum: 0, description: 'Of those, the events of the company and environment, whose hashes were recomputed.' },
      streams_checked: { type: 'integer', minimum: 0 },
      intact: { type: ['boolean', 'null'], description: 'Null until completed.' },
      findings: {
        type: 'array',
        description: 'The first 1,000 problems, in log order.',
        items: {
          type: 'object',
          required: ['stream', 'revision', 'position', 'kind', 'detail'],
          properties: {
            stream: { type: ['string', 'null'], description: 'Null for a hole in the log whose stream cannot be known.' },
            revision: { type: ['integer', 'null'] },
            position: { type: ['integer', 'null'] },
            kind: { type: 'string', enum: TRAIL_FINDING_KINDS },
            detail: { type: 'string' },
          },
        },
      },
      findings_count: { type: 'integer', minimum: 0 },
      error: { type: ['string', 'null'], description: 'Why it failed or was interrupted.' },
      links: { type: 'object', properties: { self: { type: 'string' } } },
    },
  },
  AuditVerificationList: {
    type: 'object',
    required: ['data', 'next_cursor'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/AuditVerification' } },
      next_cursor: { type: ['string', 'null'] },
    },
  },
};
