import type { ValidationIssue } from '../shared/validation-issue.ts';

const MAX_LENGTH = 40;

/**
 * The tax-authority number of a referenced document (prefix + consecutive, e.g. SETP990000001). Whether that document
 * exists is for the application layer; here only its shape: letters and digits, at most 40 characters.
 */
export function documentNumberIssue(
  field: string,
  value: string | undefined,
  what: string,
  options: { required: boolean; whenMissing?: string },
): ValidationIssue | undefined {
  if (value === undefined) {
    if (!options.required) return undefined;
    return { field, message: options.whenMissing ? `is required: ${options.whenMissing}` : 'is required' };
  }
  if (value.length > MAX_LENGTH) return { field, message: `has ${value.length} characters; ${what} has at most ${MAX_LENGTH}` };
  if (!/^[A-Za-z0-9]+$/.test(value)) {
    return {
      field,
      message: `is "${value}"; it must be ${what} as the tax authority assigned it: prefix and consecutive, letters and digits only, e.g. "SETP990000001"`,
    };
  }
  return undefined;
}
