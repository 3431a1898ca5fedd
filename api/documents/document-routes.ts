import { Router, type Request, type RequestHandler, type Response } from 'express';
import { authenticate, principalOf, requestContext, requireScope } from '../http/authentication.ts';
import { answerAs } from '../http/problem-context.ts';
import { Problem, problems } from '../http/problem.ts';
import type { ApiServices } from '../api-services.ts';
import { EMAIL_ARTIFACTS } from '../../application/messages/document-attachments.ts';
import { parseAsOf } from './as-of.ts';
import { acceptedBody, documentRecord, documentSummary } from '../../application/representations/document-representation.ts';
import type { FamilyRoute } from './family-routes.ts';
import { historyRecord, trailRecord } from './history-representation.ts';
import { parseListFilters } from './list-filters.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function documentId(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw problems.validation('the id in the path is not a UUID', [{ field: 'id', message: `must be a UUID; got "${id}"` }]);
  return id.toLowerCase();
}

function idempotencyKey(req: Request): string {
  const key = req.get('Idempotency-Key');
  if (key === undefined || key.trim() === '') {
    throw new Problem(400, 'idempotency_key_required', 'Idempotency-Key required', 'every POST that creates a document needs an Idempotency-Key header', [
      { field: 'Idempotency-Key', message: 'is required' },
    ]);
  }
  if (key.length < 8 || key.length > 255) {
    throw problems.validation('the Idempotency-Key header is invalid', [{ field: 'Idempotency-Key', message: `must be 8 to 255 characters; got ${key.length}` }], 400);
  }
  return key;
}

function jsonBody(req: Request): Record<string, unknown> {
  if (!req.is('application/json')) {
    throw new Problem(415, 'unsupported_media_type', 'Unsupported media type', 'send the document as JSON with Content-Type: application/json');
  }
  return req.body as Record<string, unknown>;
}

/** POST, list, get and delete for one document family, as seed 000 lays them out. */
/** The JSON body is parsed only after the key and scope were checked: anonymous callers never get that far. */
export function documentRoutes(services: ApiServices, json: RequestHandler, { family, base, bodySchema, discard }: FamilyRoute): Router {
  const router = Router();
  router.use(base, answerAs({ family: family.name }), authenticate(services.apiKeys));

  router.post(base, requireScope('invoices:write'), json, async (req: Request, res: Response) => {
    const key = idempotencyKey(req);
    const body = jsonBody(req);
    const issues = services.validator.validate(bodySchema, body);
    if (issues.length > 0) throw problems.validation(`the ${family.name} body is not valid`, issues);
    const result = await services.issueDocument.execute({ family, idempotencyKey: key, body, context: requestContext(res) });
    res.status(202).location(`${base}/${result.document.id}`);
    if (!result.created) res.set('Idempotent-Replayed', 'true');
    res.json(acceptedBody(base, result.document));
  });

  router.get(base, requireScope('invoices:read'), async (req: Request, res: Response) => {
    const filters = parseListFilters(req.query as Record<string, unknown>);
    const page = await services.listDocuments.execute(family, filters, principalOf(res));
    res.json({
      data: page.items.map((row) => documentSummary(family, base, row)),
      pagination: { page: filters.page, per_page: filters.perPage, total: page.total, total_pages: Math.ceil(page.total / filters.perPage) },
    });
  });

  router.get(`${base}/:id`, requireScope('invoices:read'), async (req: Request, res: Response) => {
    const id = documentId(req);
    const asOf = parseAsOf(req.query as Record<string, unknown>);
    const document = asOf
      ? await services.documentHistory.asOf(family, id, principalOf(res), asOf)
      : await services.getDocument.execute(family, id, principalOf(res));
    // The e-mails are today's; a past state (as_of) shows none rather than ones sent after it.
    const emails = !asOf && EMAIL_ARTIFACTS[family.name] ? await services.messages.documentEmails.of(id, principalOf(res)) : undefined;
    res.json(documentRecord(family, base, document, emails));
  });

  // Registered here, before any generic `${base}/:id/:format` route of a router mounted later.
  router.get(`${base}/:id/history`, requireScope('invoices:read'), async (req: Request, res: Response) => {
    const id = documentId(req);
    const entries = await services.documentHistory.of(family, id, principalOf(res));
    res.json(historyRecord(family, base, id, entries));
  });

  router.get(`${base}/:id/trail`, requireScope('invoices:read'), async (req: Request, res: Response) => {
    const id = documentId(req);
    const { streamId, report } = await services.documentHistory.trail(family, id, principalOf(res));
    res.json(trailRecord(id, streamId, report));
  });

  if (discard) {
    router.delete(`${base}/:id`, requireScope('invoices:write'), async (req: Request, res: Response) => {
      const id = documentId(req);
      await services.discardDocument.execute(family, id, requestContext(res));
      res.status(200).end();
    });
  }

  return router;
}
