/** A document family as the console shows it: the path name of `GET /v1/documents?family=`, its base and what it has. */
export interface Family {
  /** The family's path name (`sales-invoices`), also the console's URL segment. */
  path: string;
  /** The seed 000 base of its documents (`GET {base}/{id}`). */
  base: string;
  label: string;
  /** The record's unique-code member (cufe, cude, cuds, cune). */
  uniqueCode: string;
  /** The `GET {base}/{id}/{format}` downloads it has. */
  formats: readonly string[];
  /** `POST {base}/{id}/email` exists. */
  email: boolean;
  /** RADIAN acceptance events (`GET {base}/{id}/events`). */
  acceptance: boolean;
}

const SALE = ['pdf', 'xml', 'attached-xml', 'zip'] as const;
const SUPPORT = ['pdf', 'xml'] as const;
const PAYROLL = ['xml'] as const;

export const FAMILIES: readonly Family[] = [
  { path: 'sales-invoices', base: '/invoices/v1/sales-invoices', label: 'Factura de venta', uniqueCode: 'cufe', formats: SALE, email: true, acceptance: true },
  { path: 'credit-notes', base: '/invoices/v1/credit-notes', label: 'Nota crédito', uniqueCode: 'cude', formats: SALE, email: true, acceptance: false },
  { path: 'debit-notes', base: '/invoices/v1/debit-notes', label: 'Nota débito', uniqueCode: 'cude', formats: SALE, email: true, acceptance: false },
  { path: 'support-documents', base: '/invoices/v1/support-documents', label: 'Documento soporte', uniqueCode: 'cuds', formats: SUPPORT, email: true, acceptance: false },
  { path: 'adjustment-notes', base: '/invoices/v1/adjustment-notes', label: 'Nota de ajuste del documento soporte', uniqueCode: 'cuds', formats: SUPPORT, email: true, acceptance: false },
  { path: 'payrolls', base: '/payrolls/v1/payrolls', label: 'Nómina electrónica', uniqueCode: 'cune', formats: PAYROLL, email: false, acceptance: false },
  { path: 'adjustment-payrolls', base: '/payrolls/v1/adjustment-payrolls', label: 'Nota de ajuste de nómina', uniqueCode: 'cune', formats: PAYROLL, email: false, acceptance: false },
];

const FORMAT_LABELS: Record<string, string> = { pdf: 'PDF', xml: 'XML', 'attached-xml': 'XML adjunto (AttachedDocument)', zip: 'ZIP (XML adjunto y PDF)' };

export const formatLabel = (format: string): string => FORMAT_LABELS[format] ?? format;

export function familyByPath(path: string): Family | undefined {
  return FAMILIES.find((family) => family.path === path);
}

/**
 * The family of a list item: by its `links.self` (the family's own base), else by its `family` member, which may be
 * the path name (`sales-invoices`) or the singular domain name (`sales-invoice`).
 */
export function familyOfItem(item: { family?: unknown; links?: { self?: unknown } }): Family | undefined {
  const self = typeof item.links?.self === 'string' ? item.links.self : '';
  const byLink = FAMILIES.find((family) => self.startsWith(`${family.base}/`));
  if (byLink) return byLink;
  const name = String(item.family ?? '');
  return FAMILIES.find((family) => family.path === name || family.path === `${name}s` || (name === 'payroll-adjustment' && family.path === 'adjustment-payrolls'));
}
