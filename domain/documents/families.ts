import type { DocumentFamily, DocumentFamilyName } from './document-family.ts';
import { adjustmentNoteFamily } from './families/adjustment-note-family.ts';
import { creditNoteFamily } from './families/credit-note-family.ts';
import { debitNoteFamily } from './families/debit-note-family.ts';
import { payrollAdjustmentFamily } from './families/payroll-adjustment-family.ts';
import { payrollFamily } from './families/payroll-family.ts';
import { salesInvoiceFamily } from './families/sales-invoice-family.ts';
import { supportDocumentFamily } from './families/support-document-family.ts';

export { adjustmentNoteFamily, creditNoteFamily, debitNoteFamily, payrollAdjustmentFamily, payrollFamily, salesInvoiceFamily, supportDocumentFamily };

const REGISTERED: readonly DocumentFamily[] = [
  salesInvoiceFamily,
  creditNoteFamily,
  debitNoteFamily,
  supportDocumentFamily,
  adjustmentNoteFamily,
  payrollFamily,
  payrollAdjustmentFamily,
];

export const FAMILIES: ReadonlyMap<DocumentFamilyName, DocumentFamily> = new Map(REGISTERED.map((family) => [family.name, family]));

export function familyNamed(name: DocumentFamilyName): DocumentFamily {
  const family = FAMILIES.get(name);
  if (!family) throw new Error(`no document family named ${name}`);
  return family;
}

export function familyOfStream(streamId: string): DocumentFamily | undefined {
  const category = streamId.slice(0, streamId.indexOf('-'));
  return REGISTERED.find((family) => family.streamCategory === category);
}

export function documentStreamId(family: DocumentFamily, documentId: string): string {
  return `${family.streamCategory}-${documentId}`;
}
