import { checkCustomer } from '../sales-invoice/customer-rules.ts';
import { checkItems } from '../sales-invoice/item-rules.ts';
import type { SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { checkBillNumber } from './bill-number-rules.ts';
import { checkBillingPeriod } from './billing-period-rules.ts';
import { conceptIssue } from './concept-rule.ts';
import type { NoteBody } from './note-body.ts';
import type { NoteKind } from './note-kind.ts';
import { checkNoteLine } from './note-line-rules.ts';
import { computeNoteTotals } from './note-totals.ts';
import { observationIssue } from './observation-rule.ts';
import { checkOptionalPaymentDetails } from './optional-payment-rules.ts';

/** Issuance rules shared by credit and debit notes; empty when the body can be issued. `totals` is asked only once the items pass. */
export function checkNoteRules(body: NoteBody, kind: NoteKind, totals: () => SalesInvoiceTotals = () => computeNoteTotals(body)): ValidationIssue[] {
  const itemIssues = checkItems(body.items, (item, path) => checkNoteLine(item, path, kind));
  const payableAmount = itemIssues.length === 0 ? totals().payable_amount : undefined;
  return [
    conceptIssue(body.concept, kind.concepts, `a ${kind.name} concept`),
    ...checkBillNumber(body, kind),
    ...checkBillingPeriod(body.billing_period, body.bill_number),
    ...checkCustomer(body.customer),
    ...itemIssues,
    ...checkOptionalPaymentDetails(body.payment_details, payableAmount, kind.name),
    observationIssue(body.observation),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}
