import type { SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';
import { computeTotals } from '../sales-invoice/totals.ts';
import type { NoteBody } from './note-body.ts';

/** A note's totals are those of its lines, computed as on a sales invoice (run the note rules first). */
export function computeNoteTotals(body: NoteBody): SalesInvoiceTotals {
  return computeTotals(body.items ?? []);
}
