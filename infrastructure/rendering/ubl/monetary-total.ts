import type { SalesInvoiceTotals } from '../../../domain/sales-invoice/sales-invoice-totals.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';
import { amount } from './amount.ts';

/**
 * LegalMonetaryTotal (RequestedMonetaryTotal on a debit note). Line discounts are inside the line amounts, so the
 * document carries no allowances or charges; PayableRoundingAmount is the only value that may be negative.
 */
export function monetaryTotal(parent: XmlNode, name: string, totals: SalesInvoiceTotals): void {
  const node = child(parent, name);
  amount(node, 'cbc:LineExtensionAmount', totals.line_extension_amount);
  amount(node, 'cbc:TaxExclusiveAmount', totals.tax_exclusive_amount);
  amount(node, 'cbc:TaxInclusiveAmount', totals.tax_inclusive_amount);
  amount(node, 'cbc:AllowanceTotalAmount', '0.00');
  amount(node, 'cbc:ChargeTotalAmount', '0.00');
  amount(node, 'cbc:PayableRoundingAmount', totals.rounding_amount);
  amount(node, 'cbc:PayableAmount', totals.payable_amount);
}
