import { PAYMENT_FORMS } from '../catalogs/payment-forms.ts';
import { PAYMENT_METHODS } from '../catalogs/payment-methods.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import { decimalFieldIssue } from '../shared/decimal-field-issue.ts';
import { isCalendarDate } from '../shared/is-calendar-date.ts';
import { money, sum2 } from '../shared/money.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { SalesInvoicePaymentDetail } from './sales-invoice-body.ts';

/**
 * Payment details; when payableAmount is known (items valid) their amounts must add up to it exactly.
 * documentLabel names the document in the message ("invoice", "credit note", "support document"...).
 */
export function checkPaymentDetails(
  details: readonly SalesInvoicePaymentDetail[] | undefined,
  payableAmount: string | undefined,
  documentLabel = 'invoice',
): ValidationIssue[] {
  if (details === undefined || details.length === 0) {
    return [{ field: 'payment_details', message: 'must contain at least one payment detail' }];
  }
  const issues = details.flatMap((detail, index) => checkPaymentDetail(detail, `payment_details[${index}]`));
  if (issues.some((issue) => issue.field.endsWith('.amount')) || payableAmount === undefined) return issues;
  const paid = sum2(details.map((detail) => detail.amount));
  if (!money(paid).equals(money(payableAmount))) {
    issues.push({
      field: 'payment_details',
      message: `amounts add up to ${paid}; they must equal the ${documentLabel} payable amount ${payableAmount}`,
    });
  }
  return issues;
}

function checkPaymentDetail(detail: SalesInvoicePaymentDetail, path: string): ValidationIssue[] {
  return [
    codeFieldIssue(`${path}.payment_form`, detail.payment_form, PAYMENT_FORMS, 'a payment form', { required: true }),
    codeFieldIssue(`${path}.payment_method_code`, detail.payment_method_code, PAYMENT_METHODS,
      'a payment method code', { required: true }),
    decimalFieldIssue(`${path}.amount`, detail.amount, { required: true }),
    dueDateIssue(detail, `${path}.due_date`),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}

function dueDateIssue(detail: SalesInvoicePaymentDetail, field: string): ValidationIssue | undefined {
  if (detail.due_date === undefined) return undefined;
  if (isCalendarDate(detail.due_date)) return undefined;
  return { field, message: `must be a calendar date written YYYY-MM-DD; got "${detail.due_date}"` };
}
