import type { ValidationIssue } from '../shared/validation-issue.ts';
import { DocumentValidationError } from './document-errors.ts';
import type { DocumentFamily } from './document-family.ts';

/**
 * What a document records once its family's issuance rules pass (run once): the body with its defaults and its
 * totals. Throws DocumentValidationError listing the rules' issues, then `more`, so one answer lists every problem.
 */
export function issuable(
  family: DocumentFamily,
  body: Record<string, unknown>,
  more: readonly ValidationIssue[] = [],
): { body: Record<string, unknown>; totals: Record<string, unknown> } {
  const checked = family.checkIssuance(body);
  if (!checked.passed || more.length > 0) throw new DocumentValidationError([...(checked.passed ? [] : checked.issues), ...more]);
  return { body: checked.body, totals: checked.totals };
}
