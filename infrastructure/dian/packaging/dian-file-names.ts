import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';

/** What a file sent to DIAN holds: a document of a family, or an acceptance event (ApplicationResponse). */
export type DianFileKind = DocumentFamilyName | 'application-response';

/**
 * Name prefixes (reference dian-webservices.md §7): fv/nc/nd for the sales family, ar for events, nie/niae for payroll.
 * The support document's (ds) and its adjustment note's (nas) are not confirmed by any source; DIAN stores names
 * without checking them.
 */
const PREFIXES: Readonly<Record<DianFileKind, string>> = {
  'sales-invoice': 'fv',
  'credit-note': 'nc',
  'debit-note': 'nd',
  'support-document': 'ds',
  'adjustment-note': 'nas',
  payroll: 'nie',
  'payroll-adjustment': 'niae',
  'application-response': 'ar',
};

/** Own software ("software propio") has no technology provider: its provider code is 000. */
const OWN_SOFTWARE_PROVIDER_CODE = '000';

export interface DianFileNameInput {
  kind: DianFileKind;
  /** The sender's NIT, without check digit. */
  nit: string;
  /** The calendar year the file is sent in. */
  year: number;
  /** The sender's count of files sent that year, from 1 (written as 8 hexadecimal digits). */
  consecutive: number;
}

export interface DianFileNames {
  xml: string;
  zip: string;
}

/**
 * `{prefix}{NIT, 10 digits}{provider code}{yy}{8 hex}.xml` and `z{NIT}{provider code}{yy}{8 hex}.zip`; payroll files
 * carry no provider code (`nie0800197268200000000C.xml`, `z0800197268200000000C.zip`).
 */
export function dianFileNames({ kind, nit, year, consecutive }: DianFileNameInput): DianFileNames {
  const digits = nit.replace(/\D/g, '');
  if (digits.length === 0 || digits.length > 10) throw new Error(`a DIAN file name needs a NIT of 1 to 10 digits; got "${nit}"`);
  if (!Number.isInteger(consecutive) || consecutive < 1 || consecutive > 0xffffffff) {
    throw new Error(`a DIAN file consecutive must be between 1 and ${0xffffffff}; got ${consecutive}`);
  }
  const payroll = kind === 'payroll' || kind === 'payroll-adjustment';
  const body = `${digits.padStart(10, '0')}${payroll ? '' : OWN_SOFTWARE_PROVIDER_CODE}${String(year % 100).padStart(2, '0')}${consecutive.toString(16).toUpperCase().padStart(8, '0')}`;
  return { xml: `${PREFIXES[kind]}${body}.xml`, zip: `z${body}.zip` };
}
