import type { Command } from 'commander';
import type { ProfileField, ProfilePatch } from '../../domain/tenancy/company-profile.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { CliError } from './cli-context.ts';
import { readInputFile } from './input-file.ts';

/** What `tenants update` reads from its options (commander's camelCase); `logo` is false for --no-logo. */
export interface ProfileOptions {
  address?: string;
  municipality?: string;
  postalCode?: string;
  country?: string;
  phone?: string;
  email?: string;
  organizationType?: string;
  taxScheme?: string;
  responsibilities?: string;
  ciiu?: string;
  registration?: string;
  logo?: string | false;
  json?: boolean;
}

type TextOption = Exclude<keyof ProfileOptions, 'logo' | 'json' | 'responsibilities' | 'ciiu'>;

/** The option that sets each profile field, for messages that name what the operator typed. */
export const OPTION_OF: Readonly<Record<ProfileField, string>> = {
  address: '--address',
  municipality_code: '--municipality',
  postal_code: '--postal-code',
  country_code: '--country',
  phone: '--phone',
  email: '--email',
  organization_type: '--organization-type',
  tax_scheme: '--tax-scheme',
  responsibilities: '--responsibilities',
  ciiu: '--ciiu',
  registration: '--registration',
  logo: '--logo',
};

const TEXT_FIELDS: ReadonlyArray<readonly [TextOption, ProfileField]> = [
  ['address', 'address'],
  ['municipality', 'municipality_code'],
  ['postalCode', 'postal_code'],
  ['country', 'country_code'],
  ['phone', 'phone'],
  ['email', 'email'],
  ['organizationType', 'organization_type'],
  ['taxScheme', 'tax_scheme'],
  ['registration', 'registration'],
];

export function addProfileOptions(command: Command): Command {
  return command
    .option('--address <line>', 'address line, e.g. "Calle 100 # 8A-55 Of. 301"')
    .option('--municipality <code>', 'DIVIPOLA municipality code of the DIAN list, e.g. 11001 (city and department follow)')
    .option('--postal-code <code>', 'postal code (Colombia: six digits beginning with the department, e.g. 110111)')
    .option('--country <code>', 'country code of the DIAN list (default CO)')
    .option('--phone <phone>', 'phone number')
    .option('--email <address>', 'e-mail of the company (DIAN contact; reply-to of its e-mails)')
    .option('--organization-type <1|2>', '1 legal entity (persona jurídica), 2 natural person (persona natural)')
    .option('--tax-scheme <01|ZZ>', 'tax scheme: 01 IVA, ZZ not applicable')
    .option('--responsibilities <codes>', 'comma-separated fiscal responsibilities: O-13, O-15, O-23, O-47 or R-99-PN')
    .option('--ciiu <codes>', 'comma-separated economic activities (CIIU, four digits), the principal first')
    .option('--registration <number>', 'commercial registration (matrícula mercantil)')
    .option('--logo <file>', 'PNG or JPEG file, at most 256 KB')
    .option('--no-logo', 'remove the logo');
}

/** The merge patch the options ask for: an empty value ("") removes a field; --no-logo removes the logo. */
export function profilePatchFrom(options: ProfileOptions): ProfilePatch {
  const patch: ProfilePatch = {};
  for (const [option, field] of TEXT_FIELDS) {
    const value = options[option];
    if (value !== undefined) patch[field as Exclude<ProfileField, 'logo'>] = value.trim() === '' ? null : value;
  }
  for (const field of ['responsibilities', 'ciiu'] as const) {
    const value = options[field];
    if (value !== undefined) patch[field] = value.trim() === '' ? null : value.split(',').map((item) => item.trim()).filter(Boolean);
  }
  if (options.logo === false) patch.logo = null;
  else if (options.logo !== undefined) patch.logo = readInputFile('--logo', options.logo);
  if (Object.keys(patch).length === 0) {
    throw new CliError(`nothing to update: give at least one of ${Object.values(OPTION_OF).join(', ')} (or --no-logo)`, 2);
  }
  return patch;
}


/** One line per broken rule, named by its option: `--municipality: "99999" is not …`. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${OPTION_OF[issue.field as ProfileField] ?? issue.field}: ${issue.message}`).join('\n');
}
