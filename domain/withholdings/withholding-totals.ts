import { IVA } from '../catalogs/item-taxes.ts';
import { RETE_IVA } from '../catalogs/withholding-taxes.ts';
import type { SalesInvoiceItem } from '../sales-invoice/sales-invoice-body.ts';
import type { LineTotals, SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';
import { money, round2, sum2 } from '../shared/money.ts';
import type { WithheldTotals } from './withheld-totals.ts';
import type { WithholdingSubtotal } from './withholding-tax.ts';

const HUNDRED = money('100');

/** The totals of valid lines with their withholdings added, per line and grouped; nothing else changes. */
export function withWithholdings(items: readonly SalesInvoiceItem[], totals: SalesInvoiceTotals): WithheldTotals {
  const lines = totals.lines.map((line, index) => ({
    ...line,
    withholding_taxes: computeLineWithholdings(items[index], line),
  }));
  const withholdings = lines.flatMap((line) => line.withholding_taxes);
  return {
    ...totals,
    lines,
    withholding_taxes: groupWithholdings(withholdings),
    withholding_total: sum2(withholdings.map((withholding) => withholding.amount)),
  };
}

/** Withholdings of one line: ReteIVA (05) on the line's IVA amount, ReteRenta (06) on its line extension amount. */
function computeLineWithholdings(item: SalesInvoiceItem, line: LineTotals): WithholdingSubtotal[] {
  const ivaAmount = line.taxes.find((tax) => tax.code === IVA)?.tax_amount ?? '0.00';
  return (item.withholding_taxes ?? []).map((withholding) => {
    const base = withholding.code === RETE_IVA ? ivaAmount : line.line_extension_amount;
    return {
      code: withholding.code,
      rate: round2(withholding.rate),
      taxable_amount: base,
      amount: round2(money(base).times(money(withholding.rate)).div(HUNDRED)),
    };
  });
}

/** One subtotal per (code, rate), ordered by code then rate; bases and amounts are sums of the lines' values. */
function groupWithholdings(withholdings: readonly WithholdingSubtotal[]): WithholdingSubtotal[] {
  const groups = new Map<string, WithholdingSubtotal[]>();
  for (const withholding of [...withholdings].sort(byCodeThenRate)) {
    const key = `${withholding.code} ${withholding.rate}`;
    groups.set(key, [...(groups.get(key) ?? []), withholding]);
  }
  return [...groups.values()].map((group) => ({
    code: group[0].code,
    rate: group[0].rate,
    taxable_amount: sum2(group.map((withholding) => withholding.taxable_amount)),
    amount: sum2(group.map((withholding) => withholding.amount)),
  }));
}

function byCodeThenRate(a: WithholdingSubtotal, b: WithholdingSubtotal): number {
  return a.code === b.code ? money(a.rate).comparedTo(money(b.rate)) : a.code < b.code ? -1 : 1;
}
