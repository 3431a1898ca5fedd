const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const json = (schema: string, description: string) => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });
const body = (schema: string) => ({ required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The endpoint id (`we_…`).' };
const tags = ['Webhooks'];
const keyed = (scope: string) => ({
  401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
  403: problem(`insufficient_scope: the key lacks ${scope}.`),
});
const found = { 404: problem('not_found: no endpoint with that id for the key’s company and environment.') };
const invalid = problem('validation_failed: errors[] names each field (url: scheme, https in live, an address that is not public; events; description), or webhook_endpoint_limit.');

/** The webhook endpoints of the key's company and environment: webhooks:read to read, webhooks:write to change. */
export const webhookEndpointPaths = {
  '/v1/webhook-endpoints': {
    post: {
      tags,
      summary: 'Create an endpoint; the answer carries its signing secret, shown this once',
      operationId: 'create-webhook-endpoint',
      requestBody: body('WebhookEndpointCreate'),
      responses: {
        201: json('WebhookEndpointCreated', 'Created; Location names it.'),
        400: problem('malformed_json.'),
        ...keyed('webhooks:write'),
        415: problem('unsupported_media_type: send JSON.'),
        422: invalid,
        503: problem('secrets_key_missing: a live endpoint’s secret is kept encrypted and the deployment has no SECRETS_KEY.'),
      },
    },
    get: {
      tags,
      summary: 'The endpoints, in the order they were created (cursor pages)',
      operationId: 'list-webhook-endpoints',
      parameters: [
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
        { name: 'cursor', in: 'query', required: false, schema: { type: 'string' }, description: '`next_cursor` of the previous page.' },
      ],
      responses: { 200: json('WebhookEndpointList', 'A page.'), 400: problem('validation_failed: limit or cursor, or an unknown parameter.'), ...keyed('webhooks:read') },
    },
  },
  '/v1/webhook-endpoints/{id}': {
    get: {
      tags,
      summary: 'An endpoint (without its secret)',
      operationId: 'get-webhook-endpoint',
      parameters: [id],
      responses: { 200: json('WebhookEndpoint', 'The endpoint.'), ...keyed('webhooks:read'), ...found },
    },
    patch: {
      tags,
      summary: 'Change the URL, events or description, disable it, or enable it again (which clears failing_since)',
      operationId: 'update-webhook-endpoint',
      parameters: [id],
      requestBody: body('WebhookEndpointUpdate'),
      responses: { 200: json('WebhookEndpoint', 'The endpoint as it is now.'), 400: problem('malformed_json.'), ...keyed('webhooks:write'), ...found, 415: problem('unsupported_media_type: send JSON.'), 422: invalid },
    },
    delete: {
      tags,
      summary: 'Delete an endpoint; nothing more is delivered to it',
      operationId: 'delete-webhook-endpoint',
      parameters: [id],
      responses: { 204: { description: 'Deleted.' }, ...keyed('webhooks:write'), ...found },
    },
  },
  '/v1/webhook-endpoints/{id}/rotate-secret': {
    post: {
      tags,
      summary: 'A new signing secret; the previous one keeps signing beside it for 24 hours',
      operationId: 'rotate-webhook-endpoint-secret',
      parameters: [id],
      responses: {
        200: json('WebhookEndpointSecretRotated', 'The new secret, shown this once, and when the previous one stops signing.'),
        ...keyed('webhooks:write'),
        ...found,
        503: problem('secrets_key_missing: a live endpoint’s secret is kept encrypted and the deployment has no SECRETS_KEY.'),
      },
    },
  },
} as const;
