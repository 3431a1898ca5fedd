import type { CommercialView } from '../commercial/commercial-view.ts';
import type { Pdf } from './pdf-document.ts';
import { CONTENT, GAP } from './pdf-layout.ts';
import { band, pairsAt } from './pdf-text.ts';

/** What a note corrects: the referenced document and its unique code, the concept, the billing period. */
export function drawReference(pdf: Pdf, view: CommercialView): void {
  const { correction, reference } = view;
  if (!correction && !reference) return;
  const top = band(pdf, 'Documento referenciado y concepto de corrección', CONTENT.left, pdf.y, CONTENT.width);
  const period = correction?.billingPeriod;
  pdf.y = pairsAt(pdf, [
    ['Documento', reference ? `${reference.number}, emitido el ${reference.issueDate}` : 'Sin referencia a un documento'],
    ['Código único', reference?.uniqueCode],
    ['Concepto', correction && `${correction.concept} - ${correction.conceptName}`],
    ['Periodo facturado', period && `${period.start_date} a ${period.end_date}`],
  ], CONTENT.left + 4, top, CONTENT.width - 8) + GAP;
}
