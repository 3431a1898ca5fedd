import type { SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';
import { taxAmountOf } from '../sales-invoice/totals.ts';
import type { CudeFields } from '../unique-codes/cude.ts';

/** What the CUDE needs besides the totals: numbering, issue instant, issuer, software PIN, environment. */
type NoteCudeContext = Pick<CudeFields, 'number' | 'issueDate' | 'issueTime' | 'issuerNit' | 'softwarePin' | 'environment'>;

/** CUDE fields of a credit or debit note from its computed totals; acquirerId is the customer identification. */
export function noteCudeFields(totals: SalesInvoiceTotals, acquirerId: string, context: NoteCudeContext): CudeFields {
  return {
    ...context,
    lineExtensionAmount: totals.line_extension_amount,
    ivaAmount: taxAmountOf(totals, '01'),
    incAmount: taxAmountOf(totals, '04'),
    icaAmount: taxAmountOf(totals, '03'),
    payableAmount: totals.payable_amount,
    acquirerId,
  };
}
