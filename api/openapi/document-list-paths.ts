import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';
import { LISTABLE_STATUSES } from '../../domain/documents/document-status.ts';

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
