import { WEBHOOK_EVENT_TYPES } from '../../domain/webhooks/webhook-event-types.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_ENDPOINTS, MAX_URL_LENGTH } from '../../domain/webhooks/webhook-endpoint-rules.ts';

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const timestamp = { type: 'string', format: 'date-time' };
const url = {
  type: 'string',
  minLength: 1,
  description: `Where deliveries are POSTed (at most ${MAX_URL_LENGTH} characters): https in live; the host must resolve only to public addresses (not loopback, private, link-local or metadata) unless the deployment sets WEBHOOKS_ALLOW_PRIVATE=true.`,
  example: 'https://erp.example.com/webhooks/facturacion',
};
// The event types are checked by the service (not by enum here) so that an unknown one is named with the known ones.
const events = {
  type: 'array',
  items: { type: 'string' },
  description: `Event types (${WEBHOOK_EVENT_TYPES.join(', ')}), each once, or exactly ["*"] for all of them.`,
  example: ['document.validated', 'document.rejected'],
};
const description = nullable('string', { description: `A note for the company (at most ${MAX_DESCRIPTION_LENGTH} characters).` });
const secret = { type: 'string', pattern: '^whsec_', description: 'The signing secret (Standard Webhooks): `whsec_` and the base64 of 32 bytes. Shown only in this answer; store it now.' };

const endpointProperties = {
  id: { type: 'string', pattern: '^we_', example: 'we_4kQp9Xz2Lm7Rt5Vw8Yb1Nc3D' },
  url: { type: 'string' },
  events: { type: 'array', items: { type: 'string' } },
  description: nullable('string'),
  status: { type: 'string', enum: ['enabled', 'disabled'] },
  disabled_reason: nullable('string', { enum: ['requested', 'gone', 'failing', null], description: '`requested` (PATCH disabled: true or the CLI), `gone` (it answered 410), `failing` (every delivery failed for 3 days).' }),
  failing_since: nullable('string', { format: 'date-time', description: 'Since when every delivery has failed; null once one succeeds.' }),
  created_at: timestamp,
  updated_at: timestamp,
};
const endpointRequired = ['id', 'url', 'events', 'description', 'status', 'disabled_reason', 'failing_since', 'created_at', 'updated_at'];

/** The webhook endpoints of a company (issue 16): requests and answers. */
export const webhookEndpointSchemas = {
  WebhookEndpointCreate: {
    type: 'object',
    additionalProperties: false,
    required: ['url', 'events'],
    properties: { url, events, description },
  },
  WebhookEndpointUpdate: {
    type: 'object',
    additionalProperties: false,
    description: 'Absent fields stay as they are. `disabled: false` enables the endpoint again and clears `failing_since`.',
    properties: { url, events, description, disabled: { type: 'boolean' } },
  },
  WebhookEndpoint: {
    type: 'object',
    description: `An endpoint (never with its secret). A company has at most ${MAX_ENDPOINTS} per environment.`,
    required: endpointRequired,
    properties: endpointProperties,
  },
  WebhookEndpointCreated: {
    type: 'object',
    required: [...endpointRequired, 'secret'],
    properties: { ...endpointProperties, secret },
  },
  WebhookEndpointSecretRotated: {
    type: 'object',
    required: [...endpointRequired, 'secret', 'previous_secret_expires_at'],
    properties: {
      ...endpointProperties,
      secret,
      previous_secret_expires_at: { ...timestamp, description: 'Until then deliveries carry a signature with the previous secret too (24 hours).' },
    },
  },
  WebhookEndpointList: {
    type: 'object',
    required: ['data', 'next_cursor'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/WebhookEndpoint' } },
      next_cursor: nullable('string', { description: 'Pass it as `cursor` for the next page; null on the last page.' }),
    },
  },
};
