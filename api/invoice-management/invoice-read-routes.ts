import { Router, type Request, type Response } from 'express';
import { principalOf, requireScope } from '../http/authentication.ts';
import { encodeCursor } from './cursor-codec.ts';
import type { InvoiceManagementServices } from './invoice-management-services.ts';
import { INVOICES_BASE, invoiceRepresentation } from '../../application/representations/invoice-representation.ts';
import { parseListQuery } from './list-query.ts';
import { invoiceId } from './request-parts.ts';

/** GET /v1/invoices (keyset pages), GET /v1/invoices/{id}, and its PDF and XML. */
export function invoiceReadRoutes({ invoiceManagement }: InvoiceManagementServices): Router {
  const router = Router();
  const read = requireScope('invoices:read');

  router.get(INVOICES_BASE, read, async (req: Request, res: Response) => {
    const query = parseListQuery(req.query as Record<string, unknown>);
    const page = await invoiceManagement.listInvoices.execute(query, principalOf(res));
    res.json({
      data: page.invoices.map(invoiceRepresentation),
      next_cursor: page.next === null ? null : encodeCursor({ after: page.next, ...query.filters }),
    });
  });

  router.get(`${INVOICES_BASE}/:id`, read, async (req: Request, res: Response) => {
    res.json(invoiceRepresentation(await invoiceManagement.getInvoice.execute(invoiceId(req), principalOf(res))));
  });

  for (const format of ['pdf', 'xml'] as const) {
    router.get(`${INVOICES_BASE}/:id/${format}`, read, async (req: Request, res: Response) => {
      const artifact = await invoiceManagement.invoiceArtifact.execute(invoiceId(req), format, principalOf(res));
      res
        .status(200)
        .type(artifact.contentType)
        .set(artifact.headers ?? {})
        .set('Content-Disposition', `inline; filename="${artifact.fileName}"`)
        .send(artifact.bytes);
    });
  }
  return router;
}
