import type { PartyView } from '../commercial/commercial-view.ts';
import type { RenderContext } from '../render-context.ts';
import type { Pdf } from './pdf-document.ts';
import { COLOR, CONTENT, GAP } from './pdf-layout.ts';
import { pairsAt, textAt } from './pdf-text.ts';
import type { PdfTitles } from './pdf-titles.ts';

const BOX_WIDTH = 230;

/** The issuer on the left; on the right the document's title, number, dates and environment. */
export function drawHeader(pdf: Pdf, context: RenderContext, issuer: PartyView, titles: PdfTitles): void {
  const { document, number, validated } = context;
  const top = CONTENT.top;
  const leftWidth = CONTENT.width - BOX_WIDTH - GAP;
  let left = textAt(pdf, titles.issuerRole.toUpperCase(), CONTENT.left, top, leftWidth, { size: 7, color: COLOR.muted });
  left = textAt(pdf, issuer.registrationName, CONTENT.left, left, leftWidth, { bold: true, size: 13 });
  left = pairsAt(pdf, [
    ['NIT', `${issuer.identification}-${issuer.dv}`],
    ['Nombre comercial', issuer.tradeName],
    ['Dirección', [issuer.address.line, issuer.address.cityName, issuer.address.departmentName].filter(Boolean).join(', ')],
    ['Responsabilidades fiscales', issuer.taxLevelCodes.join('; ')],
  ], CONTENT.left, left + 2, leftWidth);

  const x = CONTENT.right - BOX_WIDTH;
  pdf.rect(x, top, BOX_WIDTH, 92).lineWidth(0.8).stroke(COLOR.rule);
  let right = textAt(pdf, titles.title.toUpperCase(), x + 8, top + 7, BOX_WIDTH - 16, { bold: true, size: 9.5, align: 'center' });
  right = textAt(pdf, `No. ${number}`, x + 8, right + 2, BOX_WIDTH - 16, { bold: true, size: 12, align: 'center' });
  pairsAt(pdf, [
    ['Fecha de emisión', document.issueDate],
    ['Hora de emisión', document.issueTime],
    ['Validado por la DIAN', `${validated.date} ${validated.time}`],
    ['Ambiente', context.environment === '1' ? 'Producción' : 'Pruebas (habilitación)'],
  ], x + 8, right + 4, BOX_WIDTH - 16);
  pdf.y = Math.max(left, top + 92) + GAP;
}
