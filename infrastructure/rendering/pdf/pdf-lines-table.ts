import type { LineView } from '../commercial/commercial-view.ts';
import { taxName } from '../ubl/tax-names.ts';
import { ensureSpace, type Pdf } from './pdf-document.ts';
import { useFont } from './pdf-fonts.ts';
import { COLOR, CONTENT, GAP } from './pdf-layout.ts';
import { decimalEs, percent, pesos } from './pdf-format.ts';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value(line: LineView, index: number): string;
}

const COLUMNS: readonly Column[] = [
  { title: '#', width: 18, align: 'right', value: (_line, index) => String(index + 1) },
  { title: 'Código', width: 58, align: 'left', value: ({ item }) => item.code_reference ?? '' },
  { title: 'Descripción', width: 160, align: 'left', value: ({ item }) => item.name ?? '' },
  { title: 'Cantidad', width: 42, align: 'right', value: ({ item }) => decimalEs(item.quantity) },
  { title: 'Unidad', width: 30, align: 'left', value: ({ item }) => item.unit_measure_code },
  { title: 'Precio unitario', width: 64, align: 'right', value: ({ item }) => pesos(item.price) },
  { title: 'Descuento', width: 56, align: 'right', value: ({ totals }) => pesos(totals.discount_amount) },
  { title: 'Impuestos', width: 50, align: 'left', value: ({ totals }) => totals.taxes.map((tax) => `${taxName(tax.code)} ${percent(tax.rate)}`).join('\n') },
  { title: 'Valor total', width: 62, align: 'right', value: ({ totals }) => pesos(totals.line_extension_amount) },
];

const SIZE = 7;
const PADDING = 2;

/** The lines, continuing on as many pages as they need, with the column titles repeated on each page. */
export function drawLinesTable(pdf: Pdf, lines: readonly LineView[]): void {
  header(pdf);
  lines.forEach((line, index) => {
    const cells = COLUMNS.map((column) => column.value(line, index));
    pdf.fontSize(SIZE);
    const height = Math.max(...cells.map((cell, column) => cellHeight(pdf, cell, COLUMNS[column].width - 2 * PADDING))) + 2 * PADDING;
    if (pdf.y + height > CONTENT.bottom) {
      pdf.addPage();
      header(pdf);
    }
    row(pdf, cells, height, false);
  });
  pdf.y += GAP;
}

/** A single line unless the text has a break or is wider than the cell; only then is it laid out to measure it. */
function cellHeight(pdf: Pdf, text: string, width: number): number {
  useFont(pdf, text);
  if (!text.includes('\n') && pdf.widthOfString(text) <= width) return pdf.currentLineHeight(true);
  return pdf.heightOfString(text, { width });
}

function header(pdf: Pdf): void {
  const height = 20;
  ensureSpace(pdf, height + 14);
  pdf.rect(CONTENT.left, pdf.y, CONTENT.width, height).fill(COLOR.band);
  row(pdf, COLUMNS.map((column) => column.title), height, true);
}

function row(pdf: Pdf, cells: readonly string[], height: number, isHeader: boolean): void {
  const top = pdf.y;
  pdf.fontSize(SIZE);
  let x = CONTENT.left;
  cells.forEach((cell, index) => {
    const { width, align } = COLUMNS[index];
    useFont(pdf, cell, isHeader).fillColor(COLOR.text).text(cell, x + PADDING, top + PADDING, { width: width - 2 * PADDING, align });
    x += width;
  });
  if (!isHeader) pdf.moveTo(CONTENT.left, top + height).lineTo(CONTENT.right, top + height).lineWidth(0.3).stroke(COLOR.rule);
  pdf.y = top + height;
}
