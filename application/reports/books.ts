import {
  adjustmentNoteFamily,
  creditNoteFamily,
  debitNoteFamily,
  payrollFamily,
  salesInvoiceFamily,
  supportDocumentFamily,
} from '../../domain/documents/families/index.ts';
import type { BookPart } from './document-books.ts';

/**
 * The sales book: invoices DIAN accepted (an invoice annulled later stays, and so does the credit note that annuls it,
 * so the two cancel out), credit notes taking from the sales and debit notes adding to them.
 */
export const SALES_BOOK: readonly BookPart[] = [
  { family: salesInvoiceFamily, sign: 1, statuses: ['validated', 'voided'] },
  { family: creditNoteFamily, sign: -1, statuses: ['validated'] },
  { family: debitNoteFamily, sign: 1, statuses: ['validated'] },
];

/**
 * The purchases book: support documents DIAN accepted (one annulled later stays, as does its annulling note), and
 * their adjustment notes taking from them: DIAN builds an adjustment note as a CreditNote (type 95), a correction down.
 */
export const PURCHASES_BOOK: readonly BookPart[] = [
  { family: supportDocumentFamily, sign: 1, statuses: ['validated', 'voided'] },
  { family: adjustmentNoteFamily, sign: -1, statuses: ['validated'] },
];

/**
 * The payroll book: payrolls DIAN accepted and that still stand. A payroll deleted by an adjustment note (voided) is
 * left out with its note: DIAN's deletion says it should not have been sent, and the note carries no amounts.
 */
export const PAYROLL_BOOK: readonly BookPart[] = [{ family: payrollFamily, sign: 1, statuses: ['validated'] }];
