import type { ArtifactFormat } from '../../application/ports/artifact.ts';
import { artifactPaths } from './artifact-paths.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const correlation = { name: 'X-Correlation-Id', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } };
const asOf = {
  name: 'as_of',
  in: 'query',
  required: false,
  schema: { type: 'string', format: 'date-time' },
  description: 'ISO 8601 date-time with its offset: the document as it stood then (events recorded up to that instant).',
};

interface FamilyPaths {
  base: string;
  tag: string;
  title: string;
  bodySchema: string;
  discard: boolean;
  formats: readonly ArtifactFormat[];
}

/** The operations seed 000 repeats for every family. */
export function documentPaths({ base, tag, title, bodySchema, discard, formats }: FamilyPaths): Record<string, unknown> {
  return {
    ...artifactPaths({ base, tag, title, formats }),
    [base]: {
      post: {
        tags: [tag],
        summary: `Issue a ${title}`,
        operationId: `create-${base}`,
        parameters: [
          { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 8, maxLength: 255 } },
          correlation,
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${bodySchema}` } } } },
        responses: {
          202: { description: 'Accepted; the final status is read with GET by id.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Accepted' } } } },
          400: problem('Malformed JSON or missing Idempotency-Key.'),
          401: problem('Credential missing or invalid.'),
          403: problem('The key lacks invoices:write.'),
          409: problem('Idempotency key already used with other content.'),
          413: problem('Request body too large.'),
          415: problem('The body is not JSON (Content-Type must be application/json).'),
          422: problem('The document breaks issuance rules; errors[] names each field.'),
        },
      },
      get: {
        tags: [tag],
        summary: `List ${title}s, most recent first`,
        operationId: `list-${base}`,
        parameters: [
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['pending', 'sent', 'validated', 'rejected', 'failed', 'cancelled'] } },
          { name: 'number', in: 'query', schema: { type: 'string' }, description: 'Exact tax authority number.' },
          { name: 'issued_from', in: 'query', schema: { type: 'string', format: 'date' } },
          { name: 'issued_to', in: 'query', schema: { type: 'string', format: 'date' } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
          correlation,
        ],
        responses: {
          200: { description: 'A page of documents.', content: { 'application/json': { schema: { $ref: '#/components/schemas/DocumentList' } } } },
          401: problem('Credential missing or invalid.'),
          403: problem('The key lacks invoices:read.'),
          422: problem('Invalid filters.'),
        },
      },
    },
    [`${base}/{id}`]: {
      get: {
        tags: [tag],
        summary: `Read a ${title}`,
        operationId: `get-${base}`,
        parameters: [idParameter, asOf, correlation],
        responses: {
          200: { description: 'The document.', content: { 'application/json': { schema: { $ref: '#/components/schemas/DocumentRecord' } } } },
          401: problem('Credential missing or invalid.'),
          403: problem('The key lacks invoices:read.'),
          404: problem('No such document for this tenant and environment (or it did not exist yet at as_of).'),
          422: problem('The id is not a UUID, or as_of is not an ISO 8601 date-time.'),
        },
      },
      ...(discard && {
        delete: {
          tags: [tag],
          summary: `Discard a ${title} not validated by the tax authority`,
          operationId: `delete-${base}`,
          parameters: [idParameter, correlation],
          responses: {
            200: { description: 'Discarded (status cancelled); no body.' },
            401: problem('Credential missing or invalid.'),
            403: problem('The key lacks invoices:write.'),
            404: problem('No such document for this tenant and environment.'),
            409: problem('Already validated by the tax authority; untouched.'),
            422: problem('The id is not a UUID.'),
          },
        },
      }),
    },
    [`${base}/{id}/history`]: {
      get: {
        tags: [tag],
        summary: `Every event of a ${title}, oldest first, with its actor, correlation id and the record after it`,
        operationId: `history-${base}`,
        parameters: [idParameter, correlation],
        responses: {
          200: { description: 'The history.', content: { 'application/json': { schema: { $ref: '#/components/schemas/DocumentHistory' } } } },
          401: problem('Credential missing or invalid.'),
          403: problem('The key lacks invoices:read.'),
          404: problem('No such document for this tenant and environment.'),
          422: problem('The id is not a UUID.'),
        },
      },
    },
    [`${base}/{id}/trail`]: {
      get: {
        tags: [tag],
        summary: `The ${title}'s hash chain recomputed: intact, or where it breaks`,
        operationId: `trail-${base}`,
        parameters: [idParameter, correlation],
        responses: {
          200: { description: 'The trail check.', content: { 'application/json': { schema: { $ref: '#/components/schemas/DocumentTrail' } } } },
          401: problem('Credential missing or invalid.'),
          403: problem('The key lacks invoices:read.'),
          404: problem('No such document for this tenant and environment.'),
          422: problem('The id is not a UUID.'),
        },
      },
    },
  };
}
