import { isCalendarDate } from '../../domain/shared/is-calendar-date.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';

/** `from` and `to`: both required, dates YYYY-MM-DD (inclusive, by issue date), from not after to; each bad one is an issue. */
export function readPeriod(single: (name: string) => string | undefined, issues: ValidationIssue[]): { from?: string; to?: string } {
  const date = (name: string): string | undefined => {
    const raw = single(name);
    if (raw === undefined) issues.push({ field: name, message: 'is required: a date YYYY-MM-DD (inclusive, by issue date)' });
    else if (!isCalendarDate(raw)) issues.push({ field: name, message: `must be a date YYYY-MM-DD; got "${raw}"` });
    else return raw;
    return undefined;
  };
  const from = date('from');
  const to = date('to');
  if (from && to && from > to) issues.push({ field: 'from', message: `must not be after to (${to})` });
  return { from, to };
}
