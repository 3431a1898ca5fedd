import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import {
  adjustmentNoteFamily,
  creditNoteFamily,
  debitNoteFamily,
  payrollAdjustmentFamily,
  payrollFamily,
  salesInvoiceFamily,
  supportDocumentFamily,
} from '../../domain/documents/families.ts';

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

const emission = (family: DocumentFamily, base: string, bodySchema: string, title: string): FamilyRoute => ({
  family,
  base,
  bodySchema,
  tag: 'Emision',
  title,
  discard: true,
});

export const FAMILY_ROUTES: readonly FamilyRoute[] = [
  emission(salesInvoiceFamily, '/invoices/v1/sales-invoices', 'SalesInvoiceBody', 'sales invoice'),
  emission(creditNoteFamily, '/invoices/v1/credit-notes', 'CreditNoteBody', 'credit note'),
  emission(debitNoteFamily, '/invoices/v1/debit-notes', 'DebitNoteBody', 'debit note'),
  emission(supportDocumentFamily, '/invoices/v1/support-documents', 'SupportDocumentBody', 'support document'),
  emission(adjustmentNoteFamily, '/invoices/v1/adjustment-notes', 'AdjustmentNoteBody', 'adjustment note'),
  { family: payrollFamily, base: '/payrolls/v1/payrolls', bodySchema: 'PayrollBody', tag: 'Nomina', title: 'payroll', discard: true },
  {
    family: payrollAdjustmentFamily,
    base: '/payrolls/v1/adjustment-payrolls',
    bodySchema: 'PayrollAdjustmentBody',
    tag: 'Nomina',
    title: 'payroll adjustment note',
    discard: false,
  },
];
