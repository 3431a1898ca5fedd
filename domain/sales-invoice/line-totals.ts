import { money, round2, sum, type Money } from '../shared/money.ts';
import type { SalesInvoiceItem } from './sales-invoice-body.ts';
import type { LineTotals } from './sales-invoice-totals.ts';

const HUNDRED = money('100');

interface ComputedLine {
  totals: LineTotals;
  /** quantity × price × (1 − d/100) × (1 + Σrates/100), unrounded. */
  exactPayable: Money;
}

/** Expects an item that passed the item rules (decimal strings, each tax code once). */
export function computeLineTotals(item: SalesInvoiceItem): ComputedLine {
  const taxes = item.taxes ?? [];
  const gross = money(item.quantity).times(money(item.price));
  const exactNet = gross.times(HUNDRED.minus(money(item.discount_rate ?? '0'))).div(HUNDRED);
  const lineExtension = round2(exactNet);
  const lineTaxes = taxes.map((tax) => ({
    code: tax.code,
    rate: round2(tax.rate),
    taxable_amount: lineExtension,
    tax_amount: round2(money(lineExtension).times(money(tax.rate)).div(HUNDRED)),
  }));
  const grossAmount = round2(gross);
  const rateSum = sum(taxes.map((tax) => tax.rate));
  return {
    totals: {
      gross_amount: grossAmount,
      discount_amount: round2(money(grossAmount).minus(money(lineExtension))),
      line_extension_amount: lineExtension,
      taxes: lineTaxes,
    },
    exactPayable: exactNet.times(HUNDRED.plus(rateSum)).div(HUNDRED),
  };
}
