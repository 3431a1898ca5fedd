import type { RenderContext } from '../render-context.ts';
import { HABILITACION_SOFTWARE } from '../habilitacion-ranges.ts';
import { ensureSpace, type Pdf } from './pdf-document.ts';
import { COLOR, CONTENT, GAP, QR_WIDTH } from './pdf-layout.ts';
import { drawQr } from './pdf-qr.ts';
import { textAt } from './pdf-text.ts';
import type { PdfTitles } from './pdf-titles.ts';

/** The QR with DIAN's content, the unique code, the numbering resolution and the software that issued it. */
export function drawAuthority(pdf: Pdf, context: RenderContext, titles: PdfTitles, qrText: string, numbered: boolean): void {
  ensureSpace(pdf, QR_WIDTH + GAP);
  const top = pdf.y;
  drawQr(pdf, qrText, CONTENT.left, top, QR_WIDTH);
  const x = CONTENT.left + QR_WIDTH + 12;
  const width = CONTENT.right - x;
  const { range, family, authorizationPeriod } = context;
  let y = textAt(pdf, `${family.uniqueCodeName.toUpperCase()}:`, x, top + 4, width, { bold: true, size: 8 });
  y = textAt(pdf, context.uniqueCode, x, y + 1, width, { size: 6.8 });
  y = textAt(pdf, `Representación gráfica de ${article(titles.title)} ${titles.title.toLowerCase()}.`, x, y + 6, width, { size: 7.5 });
  if (numbered) {
    const resolution = `Numeración autorizada por la DIAN: resolución ${range.resolution}, prefijo ${range.prefix}, ` +
      `del ${range.from} al ${range.to}, vigente del ${authorizationPeriod.start} al ${authorizationPeriod.end}.`;
    y = textAt(pdf, resolution, x, y + 2, width, { size: 7.5 });
  }
  const sandbox = context.softwareId === HABILITACION_SOFTWARE.id ? ' (sandbox DIAN integrado)' : '';
  y = textAt(pdf, `Software: ${context.softwareId}${sandbox}. Proveedor tecnológico: el emisor.`, x, y + 2, width, { size: 7.5 });
  textAt(pdf, `Consulte el documento en ${context.qrUrl}`, x, y + 2, width, { size: 6.5, color: COLOR.muted });
  pdf.y = Math.max(pdf.y, top + QR_WIDTH) + GAP;
}

function article(title: string): string {
  return /^(Factura|Nota)/.test(title) ? 'la' : 'el';
}
