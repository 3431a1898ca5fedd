import { FAMILIES } from '../documents/families/index.ts';
import { isCalendarDate } from '../shared/is-calendar-date.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { NumberingResolution, ResolutionInput } from './numbering-resolution.ts';

const PREFIX = /^[A-Za-z0-9]{1,4}$/;
const RESOLUTION_NUMBER = /^\d{1,20}$/;
const TECHNICAL_KEY = /^[A-Za-z0-9]{1,128}$/;

/** The rules of a resolution on its own (DIAN: prefix of up to 4 letters or digits, from ≤ to, valid_from ≤ valid_to). */
export function resolutionIssues(input: ResolutionInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ field, message });
  if (input.environment !== 'test' && input.environment !== 'live') issue('environment', `must be test or live, not ${JSON.stringify(input.environment)}`);
  if (!FAMILIES.has(input.family as never)) issue('family', `must be one of ${[...FAMILIES.keys()].join(', ')}, not ${JSON.stringify(input.family)}`);
  if (!PREFIX.test(input.prefix)) issue('prefix', 'must be 1 to 4 letters or digits (DIAN)');
  const positive = (field: string, value: number) => {
    if (!Number.isSafeInteger(value) || value < 1) issue(field, `must be a positive whole number, not ${JSON.stringify(value)}`);
  };
  positive('from', input.from);
  positive('to', input.to);
  if (Number.isSafeInteger(input.from) && Number.isSafeInteger(input.to) && input.from > input.to) issue('to', `must not be below from (${input.from})`);
  if (!RESOLUTION_NUMBER.test(input.number)) issue('number', 'must be the resolution number DIAN gave: digits only, at most 20');
  if (!isCalendarDate(input.validFrom)) issue('valid_from', 'must be a date YYYY-MM-DD');
  if (!isCalendarDate(input.validTo)) issue('valid_to', 'must be a date YYYY-MM-DD');
  else if (isCalendarDate(input.validFrom) && input.validFrom > input.validTo) issue('valid_to', `must not be before valid_from (${input.validFrom})`);
  const key = input.technicalKey ?? null;
  if (key !== null && !TECHNICAL_KEY.test(key)) issue('technical_key', 'must be letters and digits, as DIAN gives it (at most 128)');
  if (key === null && input.family === 'sales-invoice' && input.environment === 'live') {
    issue('technical_key', 'is required for a live sales-invoice resolution: the CUFE is computed with it');
  }
  return issues;
}

/** Numbers are unique per issuer and prefix: a range may not share numbers with another of the same prefix and environment. */
export function overlapIssue(input: ResolutionInput, registered: readonly NumberingResolution[]): ValidationIssue | null {
  const clash = registered.find(
    (other) => other.environment === input.environment && other.prefix === input.prefix && other.from <= input.to && input.from <= other.to,
  );
  if (!clash) return null;
  return {
    field: 'from',
    message: `numbers ${input.prefix}${input.from}–${input.prefix}${input.to} overlap resolution ${clash.id} (${clash.prefix}${clash.from}–${clash.prefix}${clash.to}, ${clash.family})`,
  };
}
