import { money, round2 } from '../../../domain/shared/money.ts';
import type { CommercialView } from '../commercial/commercial-view.ts';
import { taxName } from '../ubl/tax-names.ts';
import { ensureSpace, type Pdf } from './pdf-document.ts';
import { CONTENT, GAP } from './pdf-layout.ts';
import { percent, pesos } from './pdf-format.ts';
import { band, textAt } from './pdf-text.ts';

const TOTALS_WIDTH = 220;

/** Taxes and withholdings by code and rate on the left; the document totals on the right. */
export function drawSummary(pdf: Pdf, view: CommercialView): void {
  const rows = view.totals.taxes.length + view.withholdings.length;
  ensureSpace(pdf, 110 + rows * 10);
  const top = pdf.y;
  const leftWidth = CONTENT.width - TOTALS_WIDTH - GAP;
  let left = breakdown(pdf, 'Impuestos', view.totals.taxes.map((tax) => [taxName(tax.code), tax.rate, tax.taxable_amount, tax.tax_amount]), top, leftWidth);
  if (view.withholdings.length > 0) {
    const withholdings = view.withholdings.map((item) => [taxName(item.code), item.rate, item.taxable_amount, item.amount] as const);
    left = breakdown(pdf, 'Retenciones', withholdings, left + 4, leftWidth);
  }
  const right = totals(pdf, view, top);
  pdf.y = Math.max(left, right) + GAP;
}

function breakdown(pdf: Pdf, title: string, rows: ReadonlyArray<readonly [string, string, string, string]>, top: number, width: number): number {
  let y = band(pdf, title, CONTENT.left, top, width);
  const columns = [width * 0.3, width * 0.2, width * 0.25, width * 0.25];
  const line = (cells: readonly string[], bold: boolean) => {
    let x = CONTENT.left;
    cells.forEach((cell, index) => {
      textAt(pdf, cell, x + 4, y, columns[index] - 8, { size: 7.5, bold, align: index === 0 ? 'left' : 'right' });
      x += columns[index];
    });
    y += 11;
  };
  line(['Tributo', 'Tarifa', 'Base', 'Valor'], true);
  if (rows.length === 0) line(['Sin impuestos', '', '', ''], false);
  for (const [name, rate, base, value] of rows) line([name, percent(rate), pesos(base), pesos(value)], false);
  return y;
}

/** Withholdings inform: the payable amount stays DIAN's; what the buyer transfers once it withholds is shown apart. */
function withholdingRows(payable: string, withheld: string): Array<[string, string, boolean]> {
  return [
    ['Total retenciones (informativo)', withheld, false],
    ['Neto después de retenciones', round2(money(payable).minus(money(withheld))), false],
  ];
}

function totals(pdf: Pdf, view: CommercialView, top: number): number {
  const x = CONTENT.right - TOTALS_WIDTH;
  const { totals } = view;
  let y = band(pdf, 'Totales', x, top, TOTALS_WIDTH);
  const rows: Array<[string, string, boolean]> = [
    ['Subtotal (valor bruto)', totals.line_extension_amount, false],
    ['Base gravable', totals.tax_exclusive_amount, false],
    ['Total impuestos', totals.tax_amount, false],
    ['Total con impuestos', totals.tax_inclusive_amount, false],
    ['Redondeo', totals.rounding_amount, false],
    ['Total a pagar', totals.payable_amount, true],
    ...(view.withholdings.length > 0 ? withholdingRows(totals.payable_amount, view.withholdingTotal) : []),
  ];
  for (const [label, value, bold] of rows) {
    textAt(pdf, label, x + 4, y, 120, { size: bold ? 9 : 7.5, bold });
    textAt(pdf, pesos(value), x + 124, y, TOTALS_WIDTH - 128, { size: bold ? 9 : 7.5, bold, align: 'right' });
    y += bold ? 14 : 11;
  }
  return y;
}
