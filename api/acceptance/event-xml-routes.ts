import { Router, type Request, type Response } from 'express';
import type { EventXml } from '../../application/acceptance/own-event-xml.ts';
import { receiverOf } from '../../application/acceptance/receiver.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { authenticate, principalOf, requireScope } from '../http/authentication.ts';
import { answerAs } from '../http/problem-context.ts';
import { problems } from '../http/problem.ts';
import { RECEPTIONS_BASE } from '../../application/representations/received-document-representation.ts';
import type { AcceptanceServices } from './acceptance-services.ts';
import { pathId } from './path-id.ts';

const INVOICES_BASE = '/invoices/v1/sales-invoices';
const EVENT_NUMBER = /^[1-9][0-9]{0,8}$/;

/** The `{number}` of the path: the event's consecutive in the invoice's trail (1, 2, ...); 422 naming it otherwise. */
function eventNumber(req: Request): string {
  const number = String(req.params.number);
  if (!EVENT_NUMBER.test(number)) {
    throw problems.validation('the event number in the path is not valid', [{ field: 'number', message: `must be the event's number in the trail (1, 2, ...); got "${number}"` }]);
  }
  return number;
}

/** DIAN names an ApplicationResponse file `ar…`, as `ad…` the AttachedDocument: `ar<invoice number>-<event code>.xml`. */
export const eventXmlFileName = ({ invoiceNumber, record }: EventXml) => `ar${invoiceNumber}-${record.code}.xml`;

function send(res: Response, file: EventXml): void {
  res
    .status(200)
    .set({
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${eventXmlFileName(file)}"`,
      'Cache-Control': 'private, no-cache',
    })
    .send(file.xml);
}

/**
 * The ApplicationResponse XML of an acceptance event the caller's company sent: 034 on its own sales invoices, 030–033
 * on the documents issued to it. An event the other party sent answers 409 `event_not_own`. Mount before the family
 * routers.
 */
export function eventXmlRoutes(apiKeys: ApiKeys, acceptance: AcceptanceServices): Router {
  const router = Router();
  const guard = [answerAs({ face: 'acceptance' }), authenticate(apiKeys), requireScope('invoices:read')];
  router.get(`${INVOICES_BASE}/:id/events/:number/xml`, ...guard, async (req: Request, res: Response) => {
    const id = pathId(req);
    send(res, await acceptance.ownEventXml.ofIssuedInvoice(id, eventNumber(req), principalOf(res)));
  });
  router.get(`${RECEPTIONS_BASE}/:id/events/:number/xml`, ...guard, async (req: Request, res: Response) => {
    const id = pathId(req);
    const number = eventNumber(req);
    send(res, await acceptance.ownEventXml.ofReceivedDocument(id, number, await receiverOf(acceptance.tenants, principalOf(res))));
  });
  return router;
}
