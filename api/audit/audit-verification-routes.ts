import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { TrailVerifications } from '../../application/audit/trail-verifications.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { authenticate, principalOf, requireScope } from '../http/authentication.ts';
import { Problem, problems } from '../http/problem.ts';
import type { SchemaValidator } from '../http/schema-validator.ts';
import { parseVerificationListQuery, verificationsCursor } from './verification-list-query.ts';
import { VERIFICATIONS, verificationRepresentation } from './verification-representation.ts';

interface VerificationServices {
  apiKeys: ApiKeys;
  validator: SchemaValidator;
  audit: { verifications: TrailVerifications };
}

/** A body is optional; one that is sent must be a JSON object with nothing in it yet (room for options later). */
function checkBody(req: Request, validator: SchemaValidator): void {
  if (!req.body || (typeof req.body === 'object' && Object.keys(req.body).length === 0 && !Array.isArray(req.body))) {
    if (req.headers['content-length'] && req.headers['content-length'] !== '0' && !req.is('application/json')) {
      throw new Problem(415, 'unsupported_media_type', 'Unsupported media type', 'send no body, or a JSON object with Content-Type: application/json');
    }
    return;
  }
  const issues = validator.validate('AuditVerificationRequest', req.body);
  if (issues.length > 0) throw problems.validation('the verification request is not valid', issues);
}

/**
 * The trail of the key's company and environment verified in the background: POST starts one (202, or 409 while one
 * runs), GET follows it from any instance, the list shows the latest.
 */
export function auditVerificationRoutes(services: VerificationServices, json: RequestHandler): Router {
  const router = Router();
  const read = [authenticate(services.apiKeys), requireScope('invoices:read')];
  const { verifications } = services.audit;

  router.post(VERIFICATIONS, ...read, json, async (req: Request, res: Response) => {
    checkBody(req, services.validator);
    const row = await verifications.start(principalOf(res));
    res.status(202).location(`${VERIFICATIONS}/${row.id}`).json(verificationRepresentation(row));
  });

  router.get(VERIFICATIONS, ...read, async (req: Request, res: Response) => {
    const { limit, after } = parseVerificationListQuery(req.query as Record<string, unknown>);
    const page = await verifications.list(principalOf(res), limit, after);
    res.json({ data: page.items.map(verificationRepresentation), next_cursor: page.next === null ? null : verificationsCursor(page.next) });
  });

  router.get(`${VERIFICATIONS}/:id`, ...read, async (req: Request, res: Response) => {
    res.json(verificationRepresentation(await verifications.get(String(req.params.id), principalOf(res))));
  });
  return router;
}
