import { Router, type Request, type Response } from 'express';
import { authenticate, principalOf } from '../http/authentication.ts';
import { jsonBody } from '../http/json-body.ts';
import { answerAs } from '../http/problem-context.ts';
import { identityRepresentation } from './identity-representation.ts';
import type { InvoiceManagementServices } from './invoice-management-services.ts';
import { invoiceReadRoutes } from './invoice-read-routes.ts';
import { invoiceWriteRoutes } from './invoice-write-routes.ts';
import { rateLimit } from './rate-limit.ts';

const PATHS = ['/v1/me', '/v1/invoices'];

/** Seed 001, the invoice management API for integrations: every request is authenticated, then counted per key. */
export function invoiceManagementRoutes(services: InvoiceManagementServices, bodyLimitBytes: number): Router {
  const router = Router();
  const json = jsonBody(bodyLimitBytes, { types: ['application/json', 'application/merge-patch+json'] });
  router.use(PATHS, answerAs({ face: 'invoices' }), authenticate(services.apiKeys), rateLimit(services.invoiceManagement.rateLimiter));

  // Any valid key may ask who it is; no scope is needed.
  router.get('/v1/me', async (_req: Request, res: Response) => {
    res.json(identityRepresentation(await services.invoiceManagement.identity.execute(principalOf(res))));
  });
  router.use(invoiceReadRoutes(services));
  router.use(invoiceWriteRoutes(services, json));
  return router;
}
