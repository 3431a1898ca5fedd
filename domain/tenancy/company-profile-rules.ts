import { COLOMBIA, COUNTRIES } from '../catalogs/countries.ts';
import { CUSTOMER_TRIBUTES } from '../catalogs/customer-tributes.ts';
import { departmentOf } from '../catalogs/departments.ts';
import { FISCAL_RESPONSIBILITIES } from '../catalogs/fiscal-responsibilities.ts';
import { LEGAL_ORGANIZATIONS } from '../catalogs/legal-organizations.ts';
import { MUNICIPALITIES } from '../catalogs/municipalities.ts';
import { isEmailAddress } from '../messages/email-address.ts';
import { codeFieldIssue, describeCodes } from '../shared/code-field-issue.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { CompanyProfile } from './company-profile.ts';

/** A field's value as the profile keeps it, or why the value sent cannot be kept. */
export type FieldCheck<T> = { value: T } | { message: string };

const NO_RESPONSIBILITY = 'R-99-PN';
/** The RUT records a principal activity, a secondary one and two others. */
const MAX_ACTIVITIES = 4;
/** Control characters (line breaks included) would break the XML attribute or the PDF line a text goes to. */
const CONTROL = /[\u0000-\u001f\u007f]/;

const fail = (message: string): { message: string } => ({ message });

function text(value: unknown, maxLength: number): FieldCheck<string> {
  if (typeof value !== 'string') return fail('must be a string');
  const trimmed = value.trim();
  if (trimmed === '') return fail('must not be empty; send null to remove it');
  if (trimmed.length > maxLength) return fail(`has ${trimmed.length} characters; at most ${maxLength} are allowed`);
  if (CONTROL.test(trimmed)) return fail('must be one line without control characters');
  return { value: trimmed };
}

function pattern(value: unknown, shape: RegExp, expected: string): FieldCheck<string> {
  const checked = text(value, 64);
  if ('message' in checked) return checked;
  return shape.test(checked.value) ? checked : fail(`"${checked.value}" must be ${expected}`);
}

function code<T extends string>(value: unknown, catalog: ReadonlyMap<string, string>, label: string): FieldCheck<T> {
  if (typeof value !== 'string') return fail('must be a string');
  const issue = codeFieldIssue('', value, catalog, label, { required: true });
  return issue ? fail(issue.message) : { value: value as T };
}

/** A list given as an array of strings: its entries checked one by one, duplicates refused. */
function list(value: unknown, entry: (item: string) => string | undefined): FieldCheck<string[]> {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return fail('must be an array of strings');
  const items = (value as string[]).map((item) => item.trim());
  for (const [index, item] of items.entries()) {
    const problem = entry(item);
    if (problem) return fail(`[${index}] ${problem}`);
    if (items.indexOf(item) !== index) return fail(`[${index}] "${item}" is listed twice`);
  }
  return { value: items };
}

const responsibilities = (value: unknown): FieldCheck<string[]> => {
  const checked = list(value, (item) =>
    FISCAL_RESPONSIBILITIES.has(item) ? undefined : `"${item}" is not a fiscal responsibility in force; allowed: ${describeCodes(FISCAL_RESPONSIBILITIES)}`,
  );
  if ('value' in checked && checked.value.includes(NO_RESPONSIBILITY) && checked.value.length > 1) {
    return fail(`${NO_RESPONSIBILITY} (no responsibility) cannot be combined with other responsibilities`);
  }
  return checked;
};

const ciiu = (value: unknown): FieldCheck<string[]> => {
  const checked = list(value, (item) => (/^\d{4}$/.test(item) && item !== '0000' ? undefined : `"${item}" must be a CIIU code of four digits, e.g. 6201`));
  if ('value' in checked && checked.value.length > MAX_ACTIVITIES) {
    return fail(`lists ${checked.value.length} activities; the RUT holds at most ${MAX_ACTIVITIES} (principal, secondary and two others)`);
  }
  return checked;
};

/** How each field of a patch is checked on its own; `null` (remove) never reaches these. */
export const FIELD_CHECKS: { [K in Exclude<keyof CompanyProfile, 'logo'>]: (value: unknown) => FieldCheck<NonNullable<CompanyProfile[K]>> } = {
  address: (value) => text(value, 200),
  municipality_code: (value) => code(value, MUNICIPALITIES, 'a Colombian municipality code (5-digit DIVIPOLA) of the DIAN list'),
  postal_code: (value) => pattern(value, /^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/, 'a postal code (Colombia: six digits, e.g. 110111)'),
  country_code: (value) => code(value, COUNTRIES, 'a country code of the DIAN list (ISO 3166-1 alpha-2)'),
  phone: (value) => pattern(value, /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/, 'a phone number: 7 to 20 digits, spaces, dashes or parentheses, optionally after +'),
  email: (value) => {
    const checked = text(value, 254);
    return 'message' in checked || isEmailAddress(checked.value) ? checked : fail(`"${checked.value}" is not an e-mail address`);
  },
  organization_type: (value) => code<'1' | '2'>(value, LEGAL_ORGANIZATIONS, 'an organization type'),
  tax_scheme: (value) => code<'01' | 'ZZ'>(value, CUSTOMER_TRIBUTES, 'a tax scheme'),
  responsibilities,
  ciiu,
  registration: (value) => pattern(value, /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,39}$/, 'a commercial registration number: letters, digits, spaces, dots, slashes or dashes, at most 40'),
};

/**
 * Rules between fields of the profile a patch leaves: a municipality and a Colombian postal code need Colombia as the
 * country, and a Colombian postal code begins with its municipality's department. Each issue names the field the patch
 * touched, so the caller reads what to change.
 */
export function crossFieldIssues(profile: CompanyProfile, touched: ReadonlySet<string>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const blame = (preferred: string, other: string) => (touched.has(preferred) || !touched.has(other) ? preferred : other);
  const colombian = profile.country_code === COLOMBIA;
  if (profile.municipality_code !== null && !colombian) {
    issues.push({ field: blame('municipality_code', 'country_code'), message: `a municipality code is for Colombia (CO), and the country is ${profile.country_code}; remove municipality_code (null) to set another country` });
  }
  if (profile.postal_code !== null && colombian) {
    if (!/^\d{6}$/.test(profile.postal_code)) {
      issues.push({ field: blame('postal_code', 'country_code'), message: `"${profile.postal_code}" is not a Colombian postal code: six digits, e.g. 110111` });
    } else if (profile.municipality_code !== null && profile.postal_code.slice(0, 2) !== departmentOf(profile.municipality_code)) {
      const department = departmentOf(profile.municipality_code);
      issues.push({
        field: blame('postal_code', 'municipality_code'),
        message: `postal code ${profile.postal_code} is not of department ${department} of municipality ${profile.municipality_code}; Colombian postal codes begin with the department code`,
      });
    }
  }
  return issues;
}
