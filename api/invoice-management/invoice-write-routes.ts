import { Router, type Request, type RequestHandler, type Response } from 'express';
import { requestContext, requireScope } from '../http/authentication.ts';
import { problems } from '../http/problem.ts';
import { idempotentPost } from './idempotent-post.ts';
import type { InvoiceManagementServices } from './invoice-management-services.ts';
import { INVOICES_BASE, invoiceRepresentation, issueAnswer } from '../../application/representations/invoice-representation.ts';
import { idempotencyKey, invoiceId, jsonObject } from './request-parts.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /v1/invoices/{id}/issue, and the drafting extensions: create, edit, finalize and discard a draft. */
export function invoiceWriteRoutes(services: InvoiceManagementServices, json: RequestHandler): Router {
  const { invoiceManagement, validator } = services;
  const router = Router();
  const write = requireScope('invoices:write');
  const draftShape = (body: Record<string, unknown>) => validator.validate('DraftSalesInvoiceBody', body);
  const fullShape = (body: Record<string, unknown>) => validator.validate('SalesInvoiceBody', body);

  router.post(`${INVOICES_BASE}/:id/issue`, write, json, async (req: Request, res: Response) => {
    const id = invoiceId(req);
    const correlationId = String(UUID.test(res.locals.correlationId) ? res.locals.correlationId : res.locals.requestId);
    const outcome = await idempotentPost(services, req, res, async () => {
      const state = await invoiceManagement.transmitInvoice.execute(id, req.get('Idempotency-Key')!, requestContext(res));
      return { status: 202, body: issueAnswer(state, correlationId) };
    });
    res.status(202).location(`${INVOICES_BASE}/${id}`).json({ ...outcome.answer.body, deduplicated: outcome.replayed });
  });

  router.post(INVOICES_BASE, write, json, async (req: Request, res: Response) => {
    idempotencyKey(req);
    const body = jsonObject(req);
    const issues = draftShape(body);
    if (issues.length > 0) throw problems.validation('the draft is not shaped like a sales invoice', issues, 400);
    const outcome = await idempotentPost(services, req, res, async () => {
      const state = await invoiceManagement.createDraft.execute(req.get('Idempotency-Key')!, body, requestContext(res));
      return { status: 201, body: invoiceRepresentation(state) };
    });
    res.status(201).location(`${INVOICES_BASE}/${outcome.answer.body.id}`).json(outcome.answer.body);
  });

  router.patch(`${INVOICES_BASE}/:id`, write, json, async (req: Request, res: Response) => {
    const id = invoiceId(req);
    const state = await invoiceManagement.editDraft.execute(id, jsonObject(req), requestContext(res), draftShape);
    res.json(invoiceRepresentation(state));
  });

  router.post(`${INVOICES_BASE}/:id/finalize`, write, json, async (req: Request, res: Response) => {
    const id = invoiceId(req);
    const outcome = await idempotentPost(services, req, res, async () => {
      const state = await invoiceManagement.finalizeInvoice.execute(id, requestContext(res), fullShape);
      return { status: 200, body: invoiceRepresentation(state) };
    });
    res.status(200).json(outcome.answer.body);
  });

  router.delete(`${INVOICES_BASE}/:id`, write, async (req: Request, res: Response) => {
    res.json(invoiceRepresentation(await invoiceManagement.discardDraft.execute(invoiceId(req), requestContext(res))));
  });
  return router;
}
