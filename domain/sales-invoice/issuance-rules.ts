import type { ValidationIssue } from '../shared/validation-issue.ts';
import { checkWithholdingTaxes } from '../withholdings/withholding-tax-rules.ts';
import { checkCustomer } from './customer-rules.ts';
import { checkItem, checkItems } from './item-rules.ts';
import { checkPaymentDetails } from './payment-rules.ts';
import type { SalesInvoiceBody } from './sales-invoice-body.ts';
import type { SalesInvoiceTotals } from './sales-invoice-totals.ts';
import { computeSalesInvoiceTotals } from './totals.ts';

/** Issuance rules of a sales invoice; empty when the body can be issued. `totals` is asked only once the items pass. */
export function checkSalesInvoiceRules(
  body: SalesInvoiceBody,
  totals: () => SalesInvoiceTotals = () => computeSalesInvoiceTotals(body.items ?? []),
): ValidationIssue[] {
  const itemIssues = checkItems(body.items, (item, path) => [
    ...checkItem(item, path),
    ...checkWithholdingTaxes(item, path, 'a sales invoice line'),
  ]);
  const payableAmount = itemIssues.length === 0 ? totals().payable_amount : undefined;
  return [...checkCustomer(body.customer), ...itemIssues, ...checkPaymentDetails(body.payment_details, payableAmount)];
}
