import type { CommercialView } from '../commercial/commercial-view.ts';
import type { RenderContext } from '../render-context.ts';
import { serialize, xmlRoot } from '../xml/xml-node.ts';
import { documentLines, INVOICE_LINE } from './lines.ts';
import { monetaryTotal } from './monetary-total.ts';
import { dueDateOf, paymentMeans } from './payment-means.ts';
import { documentTaxTotals, withholdingTaxTotals } from './tax-totals.ts';
import { ublOpening, ublParties } from './ubl-document-parts.ts';
import { UBL, ublPrefixes } from './ubl-namespaces.ts';

/** UBL Invoice: a sales invoice (type 01) or a support document (type 05), in the XSD's element order. */
export function invoiceXml(context: RenderContext, view: CommercialView): string {
  const root = xmlRoot(UBL.invoice, 'Invoice', ublPrefixes(true));
  ublOpening(root, context, view, {
    dueDate: dueDateOf(view.payments),
    typeCode: { element: 'cbc:InvoiceTypeCode', value: context.family.typeCode },
  });
  ublParties(root, view, context);
  paymentMeans(root, view.payments);
  documentTaxTotals(root, view.totals);
  withholdingTaxTotals(root, view.withholdings);
  monetaryTotal(root, 'cac:LegalMonetaryTotal', view.totals);
  documentLines(root, view.lines, INVOICE_LINE);
  return serialize(root);
}
