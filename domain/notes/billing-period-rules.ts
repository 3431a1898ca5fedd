import { isCalendarDate } from '../shared/is-calendar-date.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { BillingPeriod } from './note-body.ts';

/** Required when the note names no invoice (bill_number omitted); when present, two dates in order. */
export function checkBillingPeriod(period: BillingPeriod | undefined, billNumber: string | undefined): ValidationIssue[] {
  if (period === undefined) {
    if (billNumber !== undefined) return [];
    return [{
      field: 'billing_period',
      message: 'is required when bill_number is omitted: a note that names no invoice must state the billing period it corrects',
    }];
  }
  const issues = [dateIssue(period.start_date, 'billing_period.start_date'), dateIssue(period.end_date, 'billing_period.end_date')]
    .filter((issue): issue is ValidationIssue => issue !== undefined);
  if (issues.length === 0 && period.start_date > period.end_date) {
    issues.push({
      field: 'billing_period.end_date',
      message: `is ${period.end_date}, before start_date ${period.start_date}; a billing period must not end before it starts`,
    });
  }
  return issues;
}

function dateIssue(value: string | undefined, field: string): ValidationIssue | undefined {
  if (value === undefined) return { field, message: 'is required' };
  if (isCalendarDate(value)) return undefined;
  return { field, message: `must be a calendar date written YYYY-MM-DD; got "${value}"` };
}
