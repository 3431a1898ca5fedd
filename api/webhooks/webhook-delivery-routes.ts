import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import type { WebhookEndpoint } from '../../application/webhooks/webhook-endpoint.ts';
import { authenticate, principalOf, requestContext, requireScope } from '../http/authentication.ts';
import { Problem, problems } from '../http/problem.ts';
import type { SchemaValidator } from '../http/schema-validator.ts';
import { encodeDeliveryCursor } from './delivery-cursor.ts';
import { parseDeliveryListQuery, parseReplayWindow } from './delivery-requests.ts';
import type { WebhookDeliveryServices } from './webhook-delivery-services.ts';
import { deliveryRepresentation, queuedRepresentation } from './webhook-delivery-representation.ts';

const BASE = '/v1/webhook-endpoints/:id';

/**
 * The delivery log of an endpoint, retry of a delivery, replay of past events and the test event. Another company's
 * endpoint (or one deleted) answers 404, like one that never existed.
 */
export function webhookDeliveryRoutes(
  services: { apiKeys: ApiKeys; validator: SchemaValidator; webhookDelivery: WebhookDeliveryServices },
  json: RequestHandler,
): Router {
  const router = Router();
  const webhooks = services.webhookDelivery;
  const reader = [authenticate(services.apiKeys), requireScope('webhooks:read')];
  const writer = [authenticate(services.apiKeys), requireScope('webhooks:write')];

  async function endpointOf(req: Request, res: Response, { enabled }: { enabled: boolean }): Promise<WebhookEndpoint> {
    const { tenantId, environment } = principalOf(res);
    const endpoint = await webhooks.directory.find(tenantId, environment, String(req.params.id));
    if (!endpoint) throw problems.notFound('no webhook endpoint with that id for this company and environment');
    if (enabled && endpoint.disabled) {
      const detail = `the endpoint is disabled (${endpoint.disabledReason ?? 'requested'}); enable it with PATCH {"disabled": false} first`;
      throw new Problem(409, 'webhook_endpoint_disabled', 'Endpoint disabled', detail, undefined, {}, { disabled_reason: endpoint.disabledReason });
    }
    return endpoint;
  }

  router.get(`${BASE}/deliveries`, ...reader, async (req: Request, res: Response) => {
    const endpoint = await endpointOf(req, res, { enabled: false });
    const { limit, before } = parseDeliveryListQuery(endpoint.id, req.query as Record<string, unknown>);
    const page = await webhooks.listDeliveries.execute({ tenantId: endpoint.tenantId, environment: endpoint.environment, endpointId: endpoint.id, limit, before });
    res.json({ data: page.deliveries.map(deliveryRepresentation), next_cursor: page.next === null ? null : encodeDeliveryCursor(endpoint.id, page.next) });
  });

  router.post(`${BASE}/deliveries/:deliveryId/retry`, ...writer, async (req: Request, res: Response) => {
    const endpoint = await endpointOf(req, res, { enabled: true });
    const result = await webhooks.retryDelivery.execute(endpoint, String(req.params.deliveryId), requestContext(res));
    if (result.kind === 'not_found') throw problems.notFound('no delivery with that id for this webhook endpoint');
    if (result.kind === 'pending') {
      const detail = 'the delivery is still being attempted; retry it once it has succeeded or failed';
      throw new Problem(409, 'webhook_delivery_pending', 'Delivery pending', detail, undefined, {}, { next_attempt_at: result.nextAttemptAt });
    }
    res.status(202).json(queuedRepresentation(result.delivery, 'retry'));
  });

  router.post(`${BASE}/replay`, ...writer, json, async (req: Request, res: Response) => {
    const issues = services.validator.validate('WebhookReplayRequest', req.body);
    if (issues.length > 0) throw problems.validation('the replay request is not valid', issues);
    const endpoint = await endpointOf(req, res, { enabled: true });
    const window = parseReplayWindow(req.body);
    const result = await webhooks.replayEvents.execute(endpoint, window, requestContext(res));
    if (result.kind === 'too_many') {
      const message = `holds more than ${result.limit} events, the most one replay re-sends; narrow the window with until or types`;
      throw problems.validation('the replay window is too wide', [{ field: 'since', message }]);
    }
    res.status(202).json({
      queued: result.count,
      since: window.since.toISOString(),
      until: window.until?.toISOString() ?? null,
      types: window.types ?? endpoint.events,
    });
  });

  router.post(`${BASE}/test`, ...writer, async (req: Request, res: Response) => {
    const endpoint = await endpointOf(req, res, { enabled: true });
    res.status(202).json(queuedRepresentation(await webhooks.sendTest.execute(endpoint, requestContext(res)), 'test'));
  });
  return router;
}
