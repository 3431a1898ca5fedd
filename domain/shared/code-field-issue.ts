import type { ValidationIssue } from './validation-issue.ts';

const LISTED_IN_FULL = 12;

/** Checks a code against a catalog; the message lists the allowed codes, or a few examples of a long list. */
export function codeFieldIssue(
  field: string,
  value: string | undefined,
  catalog: ReadonlyMap<string, string>,
  label: string,
  options: { required: boolean },
): ValidationIssue | undefined {
  if (value === undefined) return options.required ? { field, message: 'is required' } : undefined;
  if (catalog.has(value)) return undefined;
  return { field, message: `"${value}" is not ${label}; ${allowedCodes(catalog)}` };
}

export function describeCodes(codes: Iterable<[string, string]>): string {
  return [...codes].map(([code, name]) => `${code} (${name})`).join(', ');
}

function allowedCodes(catalog: ReadonlyMap<string, string>): string {
  if (catalog.size <= LISTED_IN_FULL) return `allowed: ${describeCodes(catalog)}`;
  const examples = describeCodes([...catalog].slice(0, 3));
  return `allowed: one of the ${catalog.size} codes of the DIAN list, e.g. ${examples}`;
}
