import { Router } from 'express';
import { publishedConcepts } from '../../domain/payroll/published-concepts.ts';
import type { ApiServices } from '../api-services.ts';
import { authenticate } from '../http/authentication.ts';

/** The payroll concept catalog, published as data. */
export function payrollConceptRoutes(services: ApiServices): Router {
  const router = Router();
  const concepts = publishedConcepts();
  router.get('/payrolls/v1/concepts', authenticate(services.apiKeys), (_req, res) => {
    res.json({ data: concepts });
  });
  return router;
}
