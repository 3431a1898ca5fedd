import { ATTENTION_ITEMS } from '../../application/attention/needs-attention.ts';
import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const nullable = (type: string) => ({ type: [type, 'null'] });
const owner = {
  tenant_id: { type: 'string' },
  company: { type: 'string', description: 'Legal name of the company.' },
  environment: { type: 'string', enum: ['test', 'live'] },
};
const OWNER = ['tenant_id', 'company', 'environment'];
const kind = (item: Record<string, unknown>) => ({
  type: 'object',
  required: ['count', 'items'],
  properties: { count: { type: 'integer', minimum: 0, description: 'How many in all.' }, items: { type: 'array', maxItems: ATTENTION_ITEMS, items: item, description: `The ${ATTENTION_ITEMS} most recent.` } },
});

/** GET /admin/v1/attention (operator key). */
export const attentionPaths = {
  '/admin/v1/attention': {
    get: {
      tags: ['Operacion'],
      summary: 'What needs an operator across every company: documents failed, messages failed, webhook endpoints failing or disabled',
      description: 'Identifying fields only: an operator key reads no document content. Each company and environment is asked through its own indexes.',
      operationId: 'get-attention',
      responses: {
        200: { description: 'Per kind, the count and the most recent items.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Attention' } } } },
        401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
        403: problem('insufficient_scope: an operator key (scope admin) is required.'),
      },
    },
  },
};

export const attentionSchemas = {
  Attention: {
    type: 'object',
    required: ['documents_failed', 'messages_failed', 'webhook_endpoints'],
    properties: {
      documents_failed: kind({
        type: 'object',
        required: [...OWNER, 'id', 'family', 'number', 'since', 'reason'],
        properties: { ...owner, id: { type: 'string', format: 'uuid' }, family: { type: 'string', enum: Object.values(FAMILY_PATH_NAMES) }, number: nullable('string'), since: { type: 'string', format: 'date-time' }, reason: nullable('string') },
      }),
      messages_failed: kind({
        type: 'object',
        required: [...OWNER, 'id', 'to', 'since', 'reason'],
        properties: { ...owner, id: { type: 'string' }, to: { type: 'array', items: { type: 'string' } }, since: { type: 'string', format: 'date-time' }, reason: nullable('string') },
      }),
      webhook_endpoints: kind({
        type: 'object',
        required: [...OWNER, 'id', 'url', 'status', 'disabled_reason', 'failing_since', 'since', 'reason', 'last_error'],
        properties: {
          ...owner,
          id: { type: 'string' },
          url: { type: 'string' },
          status: { type: 'string', enum: ['enabled', 'disabled'] },
          disabled_reason: { type: ['string', 'null'], enum: ['requested', 'gone', 'failing', null] },
          failing_since: { type: ['string', 'null'], format: 'date-time' },
          since: { type: 'string', format: 'date-time', description: 'failing_since, or when it was disabled.' },
          reason: { type: 'string', description: 'disabled_reason, or `failing`.' },
          last_error: { type: ['string', 'null'], description: 'The last delivery attempt’s error or HTTP status.' },
        },
      }),
    },
  },
};
