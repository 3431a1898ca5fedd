import type { CommercialView } from '../commercial/commercial-view.ts';
import { commercialQrText } from '../commercial/commercial-qr-text.ts';
import type { RenderContext } from '../render-context.ts';
import { drawAuthority } from './pdf-authority.ts';
import { createPdf, pdfBytes } from './pdf-document.ts';
import { drawFooters } from './pdf-footer.ts';
import { drawHeader } from './pdf-header.ts';
import { drawLinesTable } from './pdf-lines-table.ts';
import { drawParty } from './pdf-party.ts';
import { drawPaymentTerms } from './pdf-payment.ts';
import { drawReference } from './pdf-reference.ts';
import { drawSummary } from './pdf-summary.ts';
import { pdfTitlesOf } from './pdf-titles.ts';

/**
 * The graphic representation of an invoice, note, support document or adjustment note, in Spanish. The QR and the
 * unique code follow the header, so they are on the first page however many pages the lines take.
 */
export function commercialPdf(context: RenderContext, view: CommercialView): Promise<Buffer> {
  const titles = pdfTitlesOf(context.family.name);
  const [issuer, counterparty] = titles.counterpartyIsSeller ? [view.customer, view.supplier] : [view.supplier, view.customer];
  const { document, number } = context;
  const pdf = createPdf({
    title: `${titles.title} ${number}`,
    author: issuer.registrationName,
    subject: `${context.family.uniqueCodeName.toUpperCase()} ${context.uniqueCode}`,
    createdAt: new Date(document.validatedAt ?? document.createdAt),
  });
  drawHeader(pdf, context, issuer, titles);
  const numbered = context.family.name === 'sales-invoice' || context.family.name === 'support-document';
  drawAuthority(pdf, context, titles, commercialQrText(context, view), numbered);
  drawParty(pdf, titles.counterpartyRole, counterparty);
  drawReference(pdf, view);
  drawLinesTable(pdf, view.lines);
  drawSummary(pdf, view);
  drawPaymentTerms(pdf, view);
  drawFooters(pdf, `${titles.title} ${number}`);
  return pdfBytes(pdf);
}
