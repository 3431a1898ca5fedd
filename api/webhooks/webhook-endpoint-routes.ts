import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import type { EndpointChange, NewEndpoint, WebhookEndpointUseCases } from '../../application/webhooks/webhook-endpoint-use-cases.ts';
import { authenticate, requestContext, requireScope } from '../http/authentication.ts';
import { Problem, problems } from '../http/problem.ts';
import type { SchemaValidator } from '../http/schema-validator.ts';
import { endpointsCursor, parseEndpointListQuery } from './webhook-endpoint-list-query.ts';
import { WEBHOOK_ENDPOINTS_BASE, webhookEndpointRepresentation } from './webhook-endpoint-representation.ts';

interface WebhookEndpointServices {
  apiKeys: ApiKeys;
  validator: SchemaValidator;
  webhookEndpoints: WebhookEndpointUseCases;
}

/** The JSON body, checked against a schema of the OpenAPI document. */
function bodyOf<T>(req: Request, validator: SchemaValidator, schema: string, what: string): T {
  if (!req.is('application/json')) throw new Problem(415, 'unsupported_media_type', 'Unsupported media type', 'send the body as JSON with Content-Type: application/json');
  const issues = validator.validate(schema, req.body);
  if (issues.length > 0) throw problems.validation(`the ${what} is not valid`, issues);
  return req.body as T;
}

const endpointId = (req: Request) => String(req.params.id);

/**
 * The webhook endpoints of the key's company and environment (a test key sees the test endpoints): webhooks:read to
 * list and read, webhooks:write to create, change, delete and rotate. The secret is answered only by create and rotate.
 */
export function webhookEndpointRoutes({ apiKeys, validator, webhookEndpoints }: WebhookEndpointServices, json: RequestHandler): Router {
  const router = Router();
  const keyed = authenticate(apiKeys);
  const read = [keyed, requireScope('webhooks:read')];
  const write = [keyed, requireScope('webhooks:write')];

  router.post(WEBHOOK_ENDPOINTS_BASE, ...write, json, async (req: Request, res: Response) => {
    const input = bodyOf<NewEndpoint>(req, validator, 'WebhookEndpointCreate', 'webhook endpoint');
    const { endpoint, secret } = await webhookEndpoints.create({ url: input.url, events: input.events, description: input.description }, requestContext(res));
    res.status(201).location(`${WEBHOOK_ENDPOINTS_BASE}/${endpoint.id}`).json({ ...webhookEndpointRepresentation(endpoint), secret });
  });

  router.get(WEBHOOK_ENDPOINTS_BASE, ...read, async (req: Request, res: Response) => {
    const query = parseEndpointListQuery(req.query as Record<string, unknown>);
    const page = await webhookEndpoints.list(requestContext(res), query);
    res.json({ data: page.endpoints.map(webhookEndpointRepresentation), next_cursor: page.next === null ? null : endpointsCursor(page.next) });
  });

  router.get(`${WEBHOOK_ENDPOINTS_BASE}/:id`, ...read, async (req: Request, res: Response) => {
    res.json(webhookEndpointRepresentation(await webhookEndpoints.get(requestContext(res), endpointId(req))));
  });

  router.patch(`${WEBHOOK_ENDPOINTS_BASE}/:id`, ...write, json, async (req: Request, res: Response) => {
    const { url, events, description, disabled } = bodyOf<EndpointChange>(req, validator, 'WebhookEndpointUpdate', 'change of the webhook endpoint');
    const endpoint = await webhookEndpoints.update(endpointId(req), { url, events, description, disabled }, requestContext(res));
    res.json(webhookEndpointRepresentation(endpoint));
  });

  router.delete(`${WEBHOOK_ENDPOINTS_BASE}/:id`, ...write, async (req: Request, res: Response) => {
    await webhookEndpoints.remove(endpointId(req), requestContext(res));
    res.status(204).end();
  });

  router.post(`${WEBHOOK_ENDPOINTS_BASE}/:id/rotate-secret`, ...write, async (req: Request, res: Response) => {
    const rotated = await webhookEndpoints.rotateSecret(endpointId(req), requestContext(res));
    res.json({ ...webhookEndpointRepresentation(rotated.endpoint), secret: rotated.secret, previous_secret_expires_at: rotated.previousSecretExpiresAt });
  });
  return router;
}
