import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { salesInvoiceFamily } from '../../domain/documents/families.ts';

/** How a document family is exposed over HTTP (seed 000 availability table). */
export interface FamilyRoute {
  family: DocumentFamily;
  base: string;
  bodySchema: string;
  tag: 'Emision' | 'Nomina';
  title: string;
  /** Whether DELETE exists for the family (not for payroll adjustment notes). */
  discard: boolean;
}

export const FAMILY_ROUTES: readonly FamilyRoute[] = [
  { family: salesInvoiceFamily, base: '/invoices/v1/sales-invoices', bodySchema: 'SalesInvoiceBody', tag: 'Emision', title: 'sales invoice', discard: true },
];
