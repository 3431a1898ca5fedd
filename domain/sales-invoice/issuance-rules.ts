import type { ValidationIssue } from '../shared/validation-issue.ts';
import { checkCustomer } from './customer-rules.ts';
import { checkItems } from './item-rules.ts';
import { checkPaymentDetails } from './payment-rules.ts';
import type { SalesInvoiceBody } from './sales-invoice-body.ts';
import type { SalesInvoiceTotals } from './sales-invoice-totals.ts';
import { computeTotals } from './totals.ts';

/** Issuance rules of a sales invoice; empty when the body can be issued. `totals` is asked only once the items pass. */
export function checkSalesInvoiceRules(
  body: SalesInvoiceBody,
  totals: () => SalesInvoiceTotals = () => computeTotals(body.items ?? []),
): ValidationIssue[] {
  const itemIssues = checkItems(body.items);
  const payableAmount = itemIssues.length === 0 ? totals().payable_amount : undefined;
  return [...checkCustomer(body.customer), ...itemIssues, ...checkPaymentDetails(body.payment_details, payableAmount)];
}
