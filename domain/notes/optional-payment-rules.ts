import { checkPaymentDetails } from '../sales-invoice/payment-rules.ts';
import type { SalesInvoicePaymentDetail } from '../sales-invoice/sales-invoice-body.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';

/** Payment details may be omitted on a note; when sent they follow the sales-invoice rules, sum included. */
export function checkOptionalPaymentDetails(
  details: readonly SalesInvoicePaymentDetail[] | undefined,
  payableAmount: string | undefined,
  documentLabel: string,
): ValidationIssue[] {
  if (details === undefined) return [];
  return checkPaymentDetails(details, payableAmount, documentLabel);
}
