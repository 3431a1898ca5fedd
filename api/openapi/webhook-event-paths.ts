import { FAMILIES } from '../../domain/documents/families/index.ts';
import { WEBHOOK_EVENT_CATALOG, type WebhookCatalogEntry } from '../webhooks/webhook-event-catalog.ts';

const ref = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
const tags = ['Webhooks'];

/** The Standard Webhooks headers every delivery carries. */
const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event’s id (the body’s `id`): the same on every attempt, retry and replay. Drop a delivery whose id you already handled.',
    schema: { type: 'string', example: 'evt_0a1b2c3d00004000800000000000abcd' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was signed, in unix seconds. Refuse deliveries more than 5 minutes from your clock (replayed captures).',
    schema: { type: 'string', pattern: '^[0-9]+$', example: '1764072000' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded ' +
      'part of the endpoint’s secret after `whsec_`. Two while a rotated secret still signs (24 h); accept the delivery when any matches.',
    schema: { type: 'string', example: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' },
  },
];

function objectSchema({ schemas, object }: WebhookCatalogEntry): Record<string, unknown> {
  if (schemas.length === 0) return { type: 'object', description: object };
  if (schemas.length === 1) return { ...ref(schemas[0]), description: object };
  return { oneOf: schemas.map(ref), description: object };
}

/** The body of one notification type: `{id, type, created_at, environment, data: {family?, object}}`. */
function payloadSchema(type: string, entry: WebhookCatalogEntry): Record<string, unknown> {
  const data = {
    type: 'object',
    required: entry.family ? ['family', 'object'] : ['object'],
    properties: {
      ...(entry.family && { family: { type: 'string', enum: [...FAMILIES.keys()] } }),
      object: objectSchema(entry),
    },
  };
  return {
    type: 'object',
    required: ['id', 'type', 'created_at', 'environment', 'data'],
    properties: {
      id: { type: 'string', pattern: '^evt_', description: 'The `webhook-id` header: stable across attempts, retries and replays.' },
      type: { type: 'string', const: type },
      created_at: { type: 'string', format: 'date-time', description: 'When the event happened (recorded in the log), not when this attempt was sent.' },
      environment: { type: 'string', enum: ['test', 'live'] },
      data,
    },
  };
}

function webhook(type: string, entry: WebhookCatalogEntry): Record<string, unknown> {
  return {
    post: {
      tags,
      operationId: `on-${type}`,
      summary: type,
      description: `${entry.description}\n\n\`data.object\`: ${entry.object}`,
      security: [],
      parameters: SIGNATURE_HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: payloadSchema(type, entry) } } },
      responses: {
        '2XX': { description: 'Received: any 2xx within 10 seconds. Anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.' },
        '410': { description: 'Gone: the endpoint is disabled at once and gets nothing more.' },
      },
    },
  };
}

/** The OpenAPI 3.1 `webhooks` section: one entry per notification type, with its body and the signature headers. */
export const webhookEventWebhooks: Record<string, unknown> = Object.fromEntries(
  Object.entries(WEBHOOK_EVENT_CATALOG).map(([type, entry]) => [type, webhook(type, entry)]),
);

export const webhookEventPaths = {
  '/v1/webhook-events': {
    get: {
      tags,
      operationId: 'list-webhook-events',
      summary: 'The notification types, when each is sent and what its `data.object` is (any valid key)',
      responses: {
        200: { description: 'The catalog; the `webhooks` section of this document has each body’s schema.', content: { 'application/json': { schema: ref('WebhookEventCatalog') } } },
        401: { description: 'unauthorized: Bearer header missing, or key unknown, revoked or expired.', content: { 'application/problem+json': { schema: ref('Problem') } } },
      },
    },
  },
};
