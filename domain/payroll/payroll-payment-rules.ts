import { PAYMENT_METHODS } from '../catalogs/payment-methods.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import { isCalendarDate } from '../shared/is-calendar-date.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { BANK_ACCOUNT_TYPES, BANK_PAYMENT_METHODS } from './bank-account-types.ts';
import type { PayrollPayment } from './payroll-body.ts';
import { textFieldIssue } from './text-field-issue.ts';

const BANK_FIELDS = ['bank_name', 'account_type', 'account_number'] as const;
const BANK_TEXT_MAX_LENGTH = 100;

/** Payment method, date, and the bank account when the method pays into one (42, 47). */
export function checkPayrollPayment(payment: PayrollPayment | undefined): ValidationIssue[] {
  if (payment === undefined) return [{ field: 'payment', message: 'is required' }];
  const method = payment.payment_method_code;
  const paysIntoAccount = BANK_PAYMENT_METHODS.has(method);
  const issues = [
    codeFieldIssue('payment.payment_method_code', method, PAYMENT_METHODS, 'a payment method code', { required: true }),
    ...(paysIntoAccount ? BANK_FIELDS.map((name) => missingBankField(payment, name, method)) : []),
    textFieldIssue('payment.bank_name', payment.bank_name, { required: false, maxLength: BANK_TEXT_MAX_LENGTH }),
    textFieldIssue('payment.account_number', payment.account_number, { required: false, maxLength: BANK_TEXT_MAX_LENGTH }),
    payment.account_type === undefined
      ? undefined
      : codeFieldIssue('payment.account_type', payment.account_type, BANK_ACCOUNT_TYPES, 'an account type', { required: true }),
    paymentDateIssue(payment.payment_date),
  ];
  return issues.filter((issue): issue is ValidationIssue => issue !== undefined);
}

function missingBankField(payment: PayrollPayment, name: (typeof BANK_FIELDS)[number], method: string): ValidationIssue | undefined {
  if (payment[name] !== undefined) return undefined;
  return { field: `payment.${name}`, message: `is required when payment_method_code is ${method} (payment into a bank account)` };
}

function paymentDateIssue(date: string | undefined): ValidationIssue | undefined {
  const field = 'payment.payment_date';
  if (date === undefined) return { field, message: 'is required' };
  return isCalendarDate(date) ? undefined : { field, message: `must be a calendar date written YYYY-MM-DD; got "${date}"` };
}
