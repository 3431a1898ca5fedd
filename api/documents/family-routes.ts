import { EMAIL_ARTIFACTS } from '../../application/messages/document-attachments.ts';
import type { ArtifactFormat } from '../../application/ports/artifact.ts';
import { DOCUMENT_BASES } from '../../application/representations/document-bases.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import {
  adjustmentNoteFamily,
  creditNoteFamily,
  debitNoteFamily,
  payrollAdjustmentFamily,
  payrollFamily,
  salesInvoiceFamily,
  supportDocumentFamily,
} from '../../domain/documents/families/index.ts';

/** How a document family is exposed over HTTP (seed 000 availability table). */
export interface FamilyRoute {
  family: DocumentFamily;
  base: string;
  bodySchema: string;
  tag: 'Emision' | 'Nomina';
  title: string;
  /** Whether DELETE exists for the family (not for payroll adjustment notes). */
  discard: boolean;
  /** The `GET {base}/{id}/{format}` values the seed's availability table lists for the family. */
  formats: readonly ArtifactFormat[];
}

/** Invoices and their notes: the document, its container with DIAN's answer, the PDF, and the e-mail ZIP. */
const SALE_FORMATS: readonly ArtifactFormat[] = ['pdf', 'xml', 'attached-xml', 'zip'];
const SUPPORT_FORMATS: readonly ArtifactFormat[] = ['pdf', 'xml'];
/** Payroll has no graphic representation; the payroll adjustment note follows the payroll it deletes. */
const PAYROLL_FORMATS: readonly ArtifactFormat[] = ['xml'];

const emission = (family: DocumentFamily, bodySchema: string, title: string, formats: readonly ArtifactFormat[]): FamilyRoute => ({
  family,
  base: DOCUMENT_BASES[family.name],
  bodySchema,
  tag: 'Emision',
  title,
  discard: true,
  formats,
});

export const FAMILY_ROUTES: readonly FamilyRoute[] = [
  emission(salesInvoiceFamily, 'SalesInvoiceBody', 'sales invoice', SALE_FORMATS),
  emission(creditNoteFamily, 'CreditNoteBody', 'credit note', SALE_FORMATS),
  emission(debitNoteFamily, 'DebitNoteBody', 'debit note', SALE_FORMATS),
  emission(supportDocumentFamily, 'SupportDocumentBody', 'support document', SUPPORT_FORMATS),
  emission(adjustmentNoteFamily, 'AdjustmentNoteBody', 'adjustment note', SUPPORT_FORMATS),
  { family: payrollFamily, base: DOCUMENT_BASES.payroll, bodySchema: 'PayrollBody', tag: 'Nomina', title: 'payroll', discard: true, formats: PAYROLL_FORMATS },
  {
    family: payrollAdjustmentFamily,
    base: DOCUMENT_BASES['payroll-adjustment'],
    bodySchema: 'PayrollAdjustmentBody',
    tag: 'Nomina',
    title: 'payroll adjustment note',
    discard: false,
    formats: PAYROLL_FORMATS,
  },
];

/** The families seed 000 lists with an e-mail operation. */
export const EMAIL_ROUTES = FAMILY_ROUTES.filter((route) => EMAIL_ARTIFACTS[route.family.name]);
