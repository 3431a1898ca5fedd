import { codeFieldIssue } from '../shared/code-field-issue.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';

/** `concept` is required and must be a code of the family's catalog, e.g. label "a credit-note concept". */
export function conceptIssue(
  concept: string | undefined,
  concepts: ReadonlyMap<string, string>,
  label: string,
): ValidationIssue | undefined {
  return codeFieldIssue('concept', concept, concepts, label, { required: true });
}
