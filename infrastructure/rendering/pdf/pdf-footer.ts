import type { Pdf } from './pdf-document.ts';
import { useFont } from './pdf-fonts.ts';
import { COLOR, CONTENT, PAGE } from './pdf-layout.ts';

/** "Página i de n" and the document's name on every buffered page. */
export function drawFooters(pdf: Pdf, label: string): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    const bottomMargin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin - 10;
    pdf.moveTo(CONTENT.left, y - 4).lineTo(CONTENT.right, y - 4).lineWidth(0.3).stroke(COLOR.rule);
    useFont(pdf, label).fontSize(7).fillColor(COLOR.muted);
    pdf.text(label, CONTENT.left, y, { width: CONTENT.width / 2, lineBreak: false });
    const page = `Página ${index - start + 1} de ${count}`;
    useFont(pdf, page).text(page, CONTENT.left + CONTENT.width / 2, y, { width: CONTENT.width / 2, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = bottomMargin;
  }
}
