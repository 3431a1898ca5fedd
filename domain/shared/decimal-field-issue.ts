import { decimalPlaces, isDecimalString } from './decimal-string.ts';
import type { ValidationIssue } from './validation-issue.ts';

const MAX_DECIMALS = 2;

/** Checks an amount, quantity or rate: a non-negative decimal string with at most 2 decimals. */
export function decimalFieldIssue(
  field: string,
  value: string | undefined,
  options: { required: boolean },
): ValidationIssue | undefined {
  if (value === undefined) return options.required ? { field, message: 'is required' } : undefined;
  if (value.startsWith('-')) return { field, message: `must not be negative; got "${value}"` };
  if (!isDecimalString(value)) {
    return { field, message: `must be a decimal string of digits with an optional dot, e.g. "10.00"; got "${value}"` };
  }
  const places = decimalPlaces(value);
  if (places > MAX_DECIMALS) return { field, message: `has ${places} decimals; at most ${MAX_DECIMALS} are allowed` };
  return undefined;
}
