import type { AdjustmentNoteBody } from '../adjustment-note/adjustment-note-body.ts';
import type { NoteBody } from '../notes/note-body.ts';
import type { PayrollAdjustmentBody } from '../payroll-adjustment/payroll-adjustment-body.ts';
import type { PayrollAdjustmentTotals } from '../payroll-adjustment/payroll-adjustment-totals.ts';
import type { PayrollBody } from '../payroll/payroll-body.ts';
import type { PayrollTotals } from '../payroll/payroll-totals.ts';
import type { SalesInvoiceBody } from '../sales-invoice/sales-invoice-body.ts';
import type { SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';
import type { SupportDocumentBody } from '../support-document/support-document-body.ts';
import type { SupportDocumentTotals } from '../support-document/support-document-totals.ts';
import type { DocumentFamilyName } from './document-family.ts';
import type { DocumentState } from './document-state.ts';

/** The body (defaults filled in) and the totals each family's definition records. */
interface FamilyContents {
  'sales-invoice': { body: SalesInvoiceBody; totals: SalesInvoiceTotals };
  'credit-note': { body: NoteBody; totals: SalesInvoiceTotals };
  'debit-note': { body: NoteBody; totals: SalesInvoiceTotals };
  'support-document': { body: SupportDocumentBody; totals: SupportDocumentTotals };
  'adjustment-note': { body: AdjustmentNoteBody; totals: SupportDocumentTotals };
  payroll: { body: PayrollBody; totals: PayrollTotals };
  'payroll-adjustment': { body: PayrollAdjustmentBody; totals: PayrollAdjustmentTotals };
}

/** A document whose body and totals read as its family records them; `family` tells the members of the union apart. */
export type DocumentOfFamily<F extends DocumentFamilyName> = F extends DocumentFamilyName ? DocumentState & { family: F } & FamilyContents[F] : never;

/**
 * Whether the document is of one of `families`, its body and totals then typed as those families record them. The
 * decider writes both through the family; only a draft's body is as sent (it meets the rules once finalized).
 */
export function isOfFamily<F extends DocumentFamilyName>(document: DocumentState, ...families: F[]): document is DocumentOfFamily<F> {
  return families.some((family) => family === document.family);
}

/** The document read as one of `families`, for code that only ever receives those; any other is a programming error. */
export function asFamily<F extends DocumentFamilyName>(document: DocumentState, ...families: F[]): DocumentOfFamily<F> {
  if (!isOfFamily(document, ...families)) throw new Error(`expected a ${families.join(' or ')}, got ${document.family || 'no document'}`);
  return document;
}
