import type { DocumentFamilyName } from '../../../../domain/documents/document-family.ts';
import type { DocumentState } from '../../../../domain/documents/document-state.ts';
import { noteBody, salesInvoiceBody } from './commercial-bodies.ts';
import { payrollAdjustmentBody, payrollBody } from './payroll-bodies.ts';
import { adjustmentNoteBody, supportDocumentBody } from './support-bodies.ts';

const BODIES: Readonly<Record<DocumentFamilyName, (document: DocumentState) => Record<string, unknown>>> = {
  'sales-invoice': salesInvoiceBody,
  'credit-note': noteBody,
  'debit-note': noteBody,
  'support-document': supportDocumentBody,
  'adjustment-note': adjustmentNoteBody,
  payroll: payrollBody,
  'payroll-adjustment': payrollAdjustmentBody,
};

/** The Factus request body of a document; `reference_code` is always our document id, so resends are recognized. */
export function factusBody(document: DocumentState): Record<string, unknown> {
  if (!document.family) throw new Error(`document ${document.id} has no family`);
  return BODIES[document.family](document);
}
