import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';

/** Where each family's documents live over HTTP (seed 000): `GET {base}/{id}` shows one. */
export const DOCUMENT_BASES: Readonly<Record<DocumentFamilyName, string>> = {
  'sales-invoice': '/invoices/v1/sales-invoices',
  'credit-note': '/invoices/v1/credit-notes',
  'debit-note': '/invoices/v1/debit-notes',
  'support-document': '/invoices/v1/support-documents',
  'adjustment-note': '/invoices/v1/adjustment-notes',
  payroll: '/payrolls/v1/payrolls',
  'payroll-adjustment': '/payrolls/v1/adjustment-payrolls',
};

/** The last segment of each family's base (`sales-invoices`, `adjustment-payrolls`): how lists across families name it. */
export const FAMILY_PATH_NAMES = Object.fromEntries(
  Object.entries(DOCUMENT_BASES).map(([family, base]) => [family, base.slice(base.lastIndexOf('/') + 1)]),
) as Readonly<Record<DocumentFamilyName, string>>;

const BY_PATH_NAME = new Map(Object.entries(FAMILY_PATH_NAMES).map(([family, path]) => [path, family as DocumentFamilyName]));

/** The family whose path ends with this name (`credit-notes` → credit-note), if any. */
export function familyOfPathName(path: string): DocumentFamilyName | undefined {
  return BY_PATH_NAME.get(path);
}
