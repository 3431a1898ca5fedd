import type { CommercialView } from '../commercial/commercial-view.ts';
import type { RenderContext } from '../render-context.ts';
import { serialize, xmlRoot } from '../xml/xml-node.ts';
import { CREDIT_NOTE_LINE, documentLines } from './lines.ts';
import { monetaryTotal } from './monetary-total.ts';
import { noteReferences } from './note-references.ts';
import { paymentMeans } from './payment-means.ts';
import { documentTaxTotals } from './tax-totals.ts';
import { ublOpening, ublParties } from './ubl-document-parts.ts';
import { UBL, ublPrefixes } from './ubl-namespaces.ts';

/**
 * UBL CreditNote: a credit note (type 91) or an adjustment note to a support document (type 95). The CreditNote
 * XSD has no WithholdingTaxTotal, so an adjustment note's withholdings appear only on its PDF.
 */
export function creditNoteXml(context: RenderContext, view: CommercialView): string {
  const root = xmlRoot(UBL.creditNote, 'CreditNote', ublPrefixes(true));
  ublOpening(root, context, view, { typeCode: { element: 'cbc:CreditNoteTypeCode', value: context.family.typeCode } });
  noteReferences(root, view);
  ublParties(root, view, context);
  paymentMeans(root, view.payments);
  documentTaxTotals(root, view.totals);
  monetaryTotal(root, 'cac:LegalMonetaryTotal', view.totals);
  documentLines(root, view.lines, CREDIT_NOTE_LINE);
  return serialize(root);
}
