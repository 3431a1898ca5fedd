import { computeNoteTotals } from '../notes/note-totals.ts';
import type { SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';
import type { CreditNoteBody } from './credit-note-body.ts';

/** Totals of a valid credit note, in the sales-invoice shape. */
export function computeCreditNoteTotals(body: CreditNoteBody): SalesInvoiceTotals {
  return computeNoteTotals(body);
}
