import type { ValidationIssue } from '../shared/validation-issue.ts';

/** A string that is not blank (unless allowBlank) and has at most maxLength characters (code points). */
export function textFieldIssue(
  field: string,
  value: unknown,
  options: { required: boolean; maxLength: number; allowBlank?: boolean },
): ValidationIssue | undefined {
  if (value === undefined) return options.required ? { field, message: 'is required' } : undefined;
  if (typeof value !== 'string') return { field, message: 'must be a string' };
  if (!options.allowBlank && value.trim() === '') return { field, message: 'must not be blank' };
  const length = [...value].length;
  if (length > options.maxLength) {
    return { field, message: `has ${length} characters; at most ${options.maxLength} are allowed` };
  }
  return undefined;
}
