import { useFont } from './pdf-fonts.ts';
import { COLOR } from './pdf-layout.ts';
import type { Pdf } from './pdf-document.ts';

export type Pair = readonly [label: string, value: string | undefined];

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** Writes `text` at (x, y) within `width`; answers the y below it. */
export function textAt(pdf: Pdf, text: string, x: number, y: number, width: number, options: TextStyle = {}): number {
  useFont(pdf, text, options.bold).fontSize(options.size ?? 8).fillColor(options.color ?? COLOR.text);
  pdf.text(text, x, y, { width, align: options.align ?? 'left' });
  return pdf.y;
}

/** "Label: value" lines, skipping empty values; answers the y below the last. */
export function pairsAt(pdf: Pdf, pairs: readonly Pair[], x: number, y: number, width: number, size = 7.5): number {
  let bottom = y;
  for (const [label, value] of pairs) {
    if (!value) continue;
    pdf.fontSize(size).fillColor(COLOR.text);
    useFont(pdf, label, true).text(`${label}: `, x, bottom, { width, continued: true });
    useFont(pdf, value).text(value);
    bottom = pdf.y + 1;
  }
  return bottom;
}

/** A titled band across `width`. */
export function band(pdf: Pdf, title: string, x: number, y: number, width: number): number {
  pdf.rect(x, y, width, 13).fill(COLOR.band);
  return textAt(pdf, title, x + 4, y + 3, width - 8, { bold: true, size: 8 }) + 2;
}
