import { Router, type Request, type Response } from 'express';
import type { ListEveryFamily } from '../../application/documents/list-every-family.ts';
import { documentListItem } from '../../application/representations/document-representation.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { authenticate, principalOf, requireScope } from '../http/authentication.ts';
import { everyFamilyCursor, parseEveryFamilyQuery } from './every-family-query.ts';

export const DOCUMENTS_LIST = '/v1/documents';

/** GET /v1/documents: one list over every family of the key's company and environment, in keyset pages. */
export function documentListRoutes(services: { apiKeys: ApiKeys; audit: { listEveryFamily: ListEveryFamily } }): Router {
  const router = Router();
  router.get(DOCUMENTS_LIST, authenticate(services.apiKeys), requireScope('invoices:read'), async (req: Request, res: Response) => {
    const query = parseEveryFamilyQuery(req.query as Record<string, unknown>);
    const page = await services.audit.listEveryFamily.execute(query, principalOf(res));
    res.json({
      data: page.items.map(documentListItem),
      next_cursor: page.next === null ? null : everyFamilyCursor(page.next, query.filters),
      total: page.total,
    });
  });
  return router;
}
