import { WEBHOOK_EVENT_TYPES } from '../../domain/webhooks/webhook-event-types.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const json = (schema: string, description: string) => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const tags = ['Webhooks'];
const endpointId = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The webhook endpoint.' };
const common = (scope: string) => ({
  401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
  403: problem(`insufficient_scope: the key lacks ${scope}.`),
  404: problem('not_found: no webhook endpoint with that id for the company and environment of the key.'),
});
const disabled = { 409: problem('webhook_endpoint_disabled: the endpoint is disabled (`disabled_reason`); enable it first.') };

/** The delivery log, retry, replay and test of a webhook endpoint. */
export const webhookDeliveryPaths = {
  '/v1/webhook-endpoints/{id}/deliveries': {
    get: {
      tags,
      summary: 'The deliveries to an endpoint, newest first, each with its attempts',
      operationId: 'list-webhook-deliveries',
      parameters: [
        endpointId,
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
        { name: 'cursor', in: 'query', schema: { type: 'string' }, description: 'next_cursor of the previous page, unchanged.' },
      ],
      responses: { 200: json('WebhookDeliveryPage', 'A page; follow next_cursor until it is null.'), 400: problem('validation_failed: errors[] names each parameter.'), ...common('webhooks:read') },
    },
  },
  '/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry': {
    post: {
      tags,
      summary: 'Deliver a finished delivery’s event once more (same webhook-id), after what the queue of its document holds',
      operationId: 'retry-webhook-delivery',
      parameters: [endpointId, { name: 'deliveryId', in: 'path', required: true, schema: { type: 'string', pattern: '^whd_' } }],
      responses: {
        202: json('WebhookDelivery', 'Queued: the new delivery.'),
        ...common('webhooks:write'),
        409: problem('webhook_delivery_pending: the delivery is still being attempted (`next_attempt_at`); or webhook_endpoint_disabled.'),
      },
    },
  },
  '/v1/webhook-endpoints/{id}/replay': {
    post: {
      tags,
      summary: 'Re-send the company’s events created in [since, until), in log order, with their own webhook-ids',
      description: 'Events of the types given, or by default those the endpoint subscribes to; at most 10,000 per replay.',
      operationId: 'replay-webhook-events',
      parameters: [endpointId],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookReplayRequest' } } } },
      responses: {
        202: json('WebhookReplayAccepted', 'Queued: how many deliveries.'),
        400: problem('malformed_json.'),
        ...common('webhooks:write'),
        ...disabled,
        422: problem('validation_failed: errors[] names since, until or types (a window holding more than 10,000 events names since).'),
      },
    },
  },
  '/v1/webhook-endpoints/{id}/test': {
    post: {
      tags,
      summary: 'Send a webhook.test event to the endpoint, whatever it subscribes to',
      operationId: 'test-webhook-endpoint',
      parameters: [endpointId],
      responses: { 202: json('WebhookDelivery', 'Queued: the delivery of the test event.'), ...common('webhooks:write'), ...disabled },
    },
  },
};

export const webhookDeliverySchemas = {
  WebhookDelivery: {
    type: 'object',
    required: ['id', 'endpoint_id', 'event', 'status', 'reason', 'failure', 'attempts', 'next_attempt_at', 'created_at'],
    properties: {
      id: { type: 'string', pattern: '^whd_' },
      endpoint_id: { type: 'string' },
      event: {
        type: 'object',
        required: ['id', 'type', 'created_at'],
        properties: { id: { type: 'string', description: 'The webhook-id header.' }, type: { type: 'string' }, created_at: { type: 'string', format: 'date-time' } },
      },
      status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
      reason: { type: 'string', enum: ['event', 'replay', 'retry', 'test'] },
      failure: {
        ...nullable('object'),
        required: ['code', 'detail'],
        properties: { code: { type: 'string', enum: ['attempts_exhausted', 'gone', 'endpoint_disabled', 'endpoint_deleted'] }, detail: { type: 'string' } },
      },
      attempts: {
        type: 'array',
        items: {
          type: 'object',
          required: ['attempt', 'at', 'status', 'duration_ms', 'response_excerpt', 'error'],
          properties: {
            attempt: { type: 'integer', minimum: 1 },
            at: { type: 'string', format: 'date-time' },
            status: nullable('integer', { description: 'The HTTP status answered; null while in flight or when unreachable.' }),
            duration_ms: nullable('integer'),
            response_excerpt: nullable('string', { maxLength: 1024 }),
            error: nullable('string', { description: 'Why the endpoint could not be reached (DNS, connection, TLS, timeout, refused address).' }),
          },
        },
      },
      next_attempt_at: nullable('string', { format: 'date-time', description: 'Null while an attempt runs, while an earlier delivery of the same document goes first, and once final.' }),
      created_at: { type: 'string', format: 'date-time' },
    },
  },
  WebhookDeliveryPage: {
    type: 'object',
    required: ['data', 'next_cursor'],
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/WebhookDelivery' } }, next_cursor: nullable('string') },
  },
  WebhookReplayRequest: {
    type: 'object',
    additionalProperties: false,
    required: ['since'],
    properties: {
      since: { type: 'string', description: 'ISO 8601 with a time zone; events created at or after it.' },
      until: { type: 'string', description: 'ISO 8601 with a time zone; events created before it. Default: now.' },
      types: { type: 'array', minItems: 1, items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } },
    },
  },
  WebhookReplayAccepted: {
    type: 'object',
    required: ['queued', 'since', 'until', 'types'],
    properties: {
      queued: { type: 'integer', minimum: 0 },
      since: { type: 'string', format: 'date-time' },
      until: nullable('string', { format: 'date-time' }),
      types: { type: 'array', items: { type: 'string' } },
    },
  },
};
