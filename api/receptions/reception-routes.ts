import { Router, type Request, type RequestHandler, type Response } from 'express';
import { receiverOf } from '../../application/acceptance/receiver.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import type { EventPerson } from '../../domain/acceptance/acceptance-record.ts';
import { receiverEventIssues } from '../../domain/acceptance/receiver-event-rules.ts';
import type { AcceptanceServices } from '../acceptance/acceptance-services.ts';
import { eventList, eventRecord } from '../../application/representations/event-representation.ts';
import { pathId } from '../acceptance/path-id.ts';
import { authenticate, principalOf, requestContext, requireScope } from '../http/authentication.ts';
import { answerAs } from '../http/problem-context.ts';
import { Problem, problems } from '../http/problem.ts';
import type { SchemaValidator } from '../http/schema-validator.ts';
import { RECEPTIONS_BASE, receivedDocumentRecord, receivedDocumentSummary } from '../../application/representations/received-document-representation.ts';
import { parseReceptionFilters } from './reception-filters.ts';

function eventBody(req: Request, validator: SchemaValidator): Record<string, unknown> {
  if (!req.is('application/json')) {
    throw new Problem(415, 'unsupported_media_type', 'Unsupported media type', 'send the event as JSON with Content-Type: application/json');
  }
  const body = req.body as Record<string, unknown>;
  // The receiver's own rules explain 034 and the claim concept better than the schema's enum: theirs replace its.
  const own = body && typeof body === 'object' && !Array.isArray(body) ? receiverEventIssues({ code: body.code, claimConcept: body.claim_concept }) : [];
  const ownFields = new Set(own.map((issue) => issue.field));
  const issues = [...validator.validate('AcceptanceEventBody', body).filter((issue) => !ownFields.has(issue.field)), ...own];
  if (issues.length > 0) throw problems.validation('the event is not valid', issues);
  return body;
}

/** The reception family: documents issued to the caller's company, and the events it sends on them as receiver. */
export function receptionRoutes(apiKeys: ApiKeys, acceptance: AcceptanceServices, validator: SchemaValidator, json: RequestHandler): Router {
  const router = Router();
  router.use(RECEPTIONS_BASE, authenticate(apiKeys));
  const receiver = (res: Response) => receiverOf(acceptance.tenants, principalOf(res));

  router.get(RECEPTIONS_BASE, requireScope('invoices:read'), async (req: Request, res: Response) => {
    const filters = parseReceptionFilters(req.query as Record<string, unknown>);
    const page = await acceptance.listReceived.execute(filters, await receiver(res));
    res.json({
      data: page.items.map(receivedDocumentSummary),
      pagination: { page: filters.page, per_page: filters.perPage, total: page.total, total_pages: Math.ceil(page.total / filters.perPage) },
    });
  });

  router.get(`${RECEPTIONS_BASE}/:id`, requireScope('invoices:read'), async (req: Request, res: Response) => {
    const received = await acceptance.getReceived.execute(pathId(req), await receiver(res));
    res.json(receivedDocumentRecord(received));
  });

  router.get(`${RECEPTIONS_BASE}/:id/events`, requireScope('invoices:read'), async (req: Request, res: Response) => {
    const { trail } = await acceptance.getReceived.execute(pathId(req), await receiver(res));
    res.json(eventList(trail.records));
  });

  router.post(`${RECEPTIONS_BASE}/:id/events`, answerAs({ face: 'acceptance' }), requireScope('invoices:write'), json, async (req: Request, res: Response) => {
    const id = pathId(req);
    const body = eventBody(req, validator);
    const request = { invoiceId: id, code: body.code, claimConcept: body.claim_concept, person: body.person as EventPerson | undefined };
    const record = await acceptance.recordEvent.execute(request, await receiver(res), requestContext(res));
    res.status(201).location(`${RECEPTIONS_BASE}/${id}/events`).json(eventRecord(record));
  });

  return router;
}
