import { Router, type Request, type Response } from 'express';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import { FAMILY_ROUTES } from '../documents/family-routes.ts';
import { authenticate, principalOf, requireScope } from '../http/authentication.ts';
import { answerAs } from '../http/problem-context.ts';
import { problems } from '../http/problem.ts';
import type { AcceptanceServices } from './acceptance-services.ts';
import { eventList } from '../../application/representations/event-representation.ts';
import { pathId } from './path-id.ts';

/**
 * `GET /invoices/v1/sales-invoices/{id}/events`: the acceptance trail of a sales invoice, oldest first. Only sales
 * invoices have one: the same path under another family answers 404. Mount before the family routers.
 */
export function invoiceEventRoutes(apiKeys: ApiKeys, acceptance: AcceptanceServices): Router {
  const router = Router();
  for (const { family, base, title } of FAMILY_ROUTES) {
    if (family === salesInvoiceFamily) {
      router.get(`${base}/:id/events`, answerAs({ face: 'acceptance' }), authenticate(apiKeys), requireScope('invoices:read'), async (req: Request, res: Response) => {
        const id = pathId(req);
        const records = await acceptance.invoiceEvents.execute(id, principalOf(res));
        res.json(eventList(records));
      });
    } else {
      router.get(`${base}/:id/events`, () => {
        throw problems.notFound(`a ${title} has no acceptance events; only sales invoices have that trail`);
      });
    }
  }
  return router;
}
