import type { CommercialView } from '../commercial/commercial-view.ts';
import type { RenderContext } from '../render-context.ts';
import { serialize, xmlRoot } from '../xml/xml-node.ts';
import { DEBIT_NOTE_LINE, documentLines } from './lines.ts';
import { monetaryTotal } from './monetary-total.ts';
import { noteReferences } from './note-references.ts';
import { paymentMeans } from './payment-means.ts';
import { documentTaxTotals } from './tax-totals.ts';
import { ublOpening, ublParties } from './ubl-document-parts.ts';
import { UBL, ublPrefixes } from './ubl-namespaces.ts';

/** UBL DebitNote (type 92, which UBL 2.1 has no element for): totals go in RequestedMonetaryTotal. */
export function debitNoteXml(context: RenderContext, view: CommercialView): string {
  const root = xmlRoot(UBL.debitNote, 'DebitNote', ublPrefixes(true));
  ublOpening(root, context, view, {});
  noteReferences(root, view);
  ublParties(root, view, context);
  paymentMeans(root, view.payments);
  documentTaxTotals(root, view.totals);
  monetaryTotal(root, 'cac:RequestedMonetaryTotal', view.totals);
  documentLines(root, view.lines, DEBIT_NOTE_LINE);
  return serialize(root);
}
