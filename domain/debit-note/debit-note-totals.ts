import { computeNoteTotals } from '../notes/note-totals.ts';
import type { SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';
import type { DebitNoteBody } from './debit-note-body.ts';

/** Totals of a valid debit note, in the sales-invoice shape. */
export function computeDebitNoteTotals(body: DebitNoteBody): SalesInvoiceTotals {
  return computeNoteTotals(body);
}
