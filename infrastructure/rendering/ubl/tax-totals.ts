import type { LineTotals, SalesInvoiceTotals, TaxSubtotal } from '../../../domain/sales-invoice/sales-invoice-totals.ts';
import { sum2 } from '../../../domain/shared/money.ts';
import type { WithholdingSubtotal } from '../../../domain/withholdings/withholding-tax.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';
import { amount } from './amount.ts';
import { taxName } from './tax-names.ts';

interface Subtotal {
  code: string;
  rate: string;
  taxable_amount: string;
  amount: string;
}

/** One TaxTotal per tax code, with one TaxSubtotal per rate (document level). */
export function documentTaxTotals(parent: XmlNode, totals: SalesInvoiceTotals): void {
  for (const total of totals.tax_totals) {
    const subtotals = totals.taxes.filter((tax) => tax.code === total.code).map(fromTax);
    taxTotal(parent, 'cac:TaxTotal', total.tax_amount, subtotals);
  }
}

/** One TaxTotal per tax of a line. */
export function lineTaxTotals(parent: XmlNode, line: LineTotals): void {
  for (const tax of line.taxes) taxTotal(parent, 'cac:TaxTotal', tax.tax_amount, [fromTax(tax)]);
}

/** Withholdings grouped like taxes, in WithholdingTaxTotal; they never change the payable amount. */
export function withholdingTaxTotals(parent: XmlNode, withholdings: readonly WithholdingSubtotal[]): void {
  const codes = [...new Set(withholdings.map((withholding) => withholding.code))];
  for (const code of codes) {
    const subtotals = withholdings.filter((withholding) => withholding.code === code);
    taxTotal(parent, 'cac:WithholdingTaxTotal', sum2(subtotals.map((subtotal) => subtotal.amount)), subtotals);
  }
}

function fromTax(tax: TaxSubtotal): Subtotal {
  return { code: tax.code, rate: tax.rate, taxable_amount: tax.taxable_amount, amount: tax.tax_amount };
}

function taxTotal(parent: XmlNode, name: string, total: string, subtotals: readonly Subtotal[]): void {
  const node = child(parent, name);
  amount(node, 'cbc:TaxAmount', total);
  for (const subtotal of subtotals) {
    const element = child(node, 'cac:TaxSubtotal');
    amount(element, 'cbc:TaxableAmount', subtotal.taxable_amount);
    amount(element, 'cbc:TaxAmount', subtotal.amount);
    const category = child(element, 'cac:TaxCategory');
    child(category, 'cbc:Percent', subtotal.rate);
    const scheme = child(category, 'cac:TaxScheme');
    child(scheme, 'cbc:ID', subtotal.code);
    child(scheme, 'cbc:Name', taxName(subtotal.code));
  }
}
