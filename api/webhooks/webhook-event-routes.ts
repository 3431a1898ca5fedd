import { Router, type Request, type Response } from 'express';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { isWebhookEventType } from '../../domain/webhooks/webhook-event-types.ts';
import { authenticate } from '../http/authentication.ts';
import { WEBHOOK_EVENT_CATALOG } from './webhook-event-catalog.ts';

/** GET /v1/webhook-events: the catalog, in the order of the OpenAPI `webhooks` section, as it never changes at run time. */
const CATALOG = {
  data: Object.entries(WEBHOOK_EVENT_CATALOG).map(([type, entry]) => ({
    type,
    description: entry.description,
    object: entry.object,
    schemas: entry.schemas.map((schema) => `#/components/schemas/${schema}`),
    family: entry.family,
    subscribable: isWebhookEventType(type),
  })),
};

/** The notification catalog; any valid key may read it (the same facts are in the public /openapi.json). */
export function webhookEventRoutes(apiKeys: ApiKeys): Router {
  const router = Router();
  router.get('/v1/webhook-events', authenticate(apiKeys), (_req: Request, res: Response) => {
    res.json(CATALOG);
  });
  return router;
}
