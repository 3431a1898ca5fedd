import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';

/** `limit` of the /v1 lists: a whole number from 1 to 100, `fallback` when absent; anything else is an issue naming it. */
export function parseLimit(text: string | undefined, issues: ValidationIssue[], fallback = 25): number {
  if (text === undefined) return fallback;
  const limit = Number(text);
  if (!/^\d{1,3}$/.test(text) || limit < 1 || limit > 100) issues.push({ field: 'limit', message: `must be a whole number from 1 to 100; got "${text}"` });
  return limit;
}
