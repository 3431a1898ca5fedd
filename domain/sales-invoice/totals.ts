import { money, round2, sum, sum2 } from '../shared/money.ts';
import { withWithholdings } from '../withholdings/withholding-totals.ts';
import { computeLineTotals } from './line-totals.ts';
import type { SalesInvoiceItem } from './sales-invoice-body.ts';
import type { LineTotals, SalesInvoiceTotals, TaxCodeTotal, TaxSubtotal } from './sales-invoice-totals.ts';

/**
 * A sales invoice's totals. Withholdings are stated only when a line carries one, so that an invoice without any
 * records exactly the totals it always did.
 */
export function computeSalesInvoiceTotals(items: readonly SalesInvoiceItem[]): SalesInvoiceTotals {
  const totals = computeTotals(items);
  return items.some((item) => (item.withholding_taxes ?? []).length > 0) ? withWithholdings(items, totals) : totals;
}

/** Totals of valid items (run checkSalesInvoiceRules first); rounding is half-to-even. */
export function computeTotals(items: readonly SalesInvoiceItem[]): SalesInvoiceTotals {
  const computed = items.map(computeLineTotals);
  const lines = computed.map((line) => line.totals);
  const lineTaxes = lines.flatMap((line) => line.taxes);
  const lineExtension = sum2(lines.map((line) => line.line_extension_amount));
  const taxAmount = sum2(lineTaxes.map((tax) => tax.tax_amount));
  const taxInclusive = round2(money(lineExtension).plus(money(taxAmount)));
  const payable = round2(sum(computed.map((line) => line.exactPayable)));
  return {
    lines,
    line_extension_amount: lineExtension,
    tax_exclusive_amount: sum2(taxedLines(lines).map((line) => line.line_extension_amount)),
    tax_amount: taxAmount,
    tax_inclusive_amount: taxInclusive,
    payable_amount: payable,
    rounding_amount: round2(money(payable).minus(money(taxInclusive))),
    taxes: groupTaxes(lineTaxes, (tax) => `${tax.code} ${tax.rate}`).map(([first, group]) => ({
      code: first.code,
      rate: first.rate,
      ...sumTaxGroup(group),
    })),
    tax_totals: groupTaxes(lineTaxes, (tax) => tax.code).map(([first, group]): TaxCodeTotal => ({
      code: first.code,
      ...sumTaxGroup(group),
    })),
  };
}

/** Tax amount of one code in the totals, "0.00" when absent (CUFE ValImp1/2/3). */
export function taxAmountOf(totals: SalesInvoiceTotals, code: string): string {
  return totals.tax_totals.find((total) => total.code === code)?.tax_amount ?? '0.00';
}

function taxedLines(lines: LineTotals[]): LineTotals[] {
  return lines.filter((line) => line.taxes.length > 0);
}

function groupTaxes(taxes: TaxSubtotal[], keyOf: (tax: TaxSubtotal) => string): Array<[TaxSubtotal, TaxSubtotal[]]> {
  const groups = new Map<string, TaxSubtotal[]>();
  for (const tax of [...taxes].sort(byCodeThenRate)) {
    const key = keyOf(tax);
    const group = groups.get(key);
    if (group) group.push(tax);
    else groups.set(key, [tax]);
  }
  return [...groups.values()].map((group) => [group[0], group]);
}

function sumTaxGroup(group: TaxSubtotal[]): { taxable_amount: string; tax_amount: string } {
  return {
    taxable_amount: sum2(group.map((tax) => tax.taxable_amount)),
    tax_amount: sum2(group.map((tax) => tax.tax_amount)),
  };
}

function byCodeThenRate(a: TaxSubtotal, b: TaxSubtotal): number {
  return a.code === b.code ? money(a.rate).comparedTo(money(b.rate)) : a.code < b.code ? -1 : 1;
}
