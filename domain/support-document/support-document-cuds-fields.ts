import { taxAmountOf } from '../sales-invoice/totals.ts';
import type { SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';
import type { CudsFields } from '../unique-codes/cuds.ts';

/** What the CUDS needs besides the totals: numbering, issue instant, issuer (the buyer), software PIN, environment. */
type CudsContext = Pick<CudsFields, 'number' | 'issueDate' | 'issueTime' | 'issuerNit' | 'softwarePin' | 'environment'>;

/**
 * CUDS fields of a support document or adjustment note from its computed totals; sellerId is the provider
 * identification. Only IVA counts, and withholdings are not part of it (payable amount unchanged by them).
 */
export function supportDocumentCudsFields(totals: SalesInvoiceTotals, sellerId: string, context: CudsContext): CudsFields {
  return {
    ...context,
    lineExtensionAmount: totals.line_extension_amount,
    ivaAmount: taxAmountOf(totals, '01'),
    payableAmount: totals.payable_amount,
    sellerId,
  };
}
