import type { DocumentFamily, DocumentFamilyName } from '../document-family.ts';
import { adjustmentNoteFamily } from './adjustment-note-family.ts';
import { creditNoteFamily } from './credit-note-family.ts';
import { debitNoteFamily } from './debit-note-family.ts';
import { payrollAdjustmentFamily } from './payroll-adjustment-family.ts';
import { payrollFamily } from './payroll-family.ts';
import { salesInvoiceFamily } from './sales-invoice-family.ts';
import { supportDocumentFamily } from './support-document-family.ts';

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
