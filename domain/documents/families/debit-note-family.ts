import { normalizeNote } from '../../notes/normalize-note.ts';
import type { NoteBody } from '../../notes/note-body.ts';
import { DEBIT_NOTE } from '../../notes/note-kind.ts';
import { billReference } from '../../notes/note-reference.ts';
import { checkNoteRules } from '../../notes/note-rules.ts';
import { computeNoteTotals } from '../../notes/note-totals.ts';
import type { SalesInvoiceTotals } from '../../sales-invoice/sales-invoice-totals.ts';
import { defineFamily } from './define-family.ts';

/** A debit note never voids the invoice it names. */
export const debitNoteFamily = defineFamily<NoteBody, SalesInvoiceTotals>({
  name: 'debit-note',
  streamCategory: 'debitNote',
  uniqueCodeName: 'cude',
  typeCode: '92',
  rules: (body, totals) => checkNoteRules(body, DEBIT_NOTE, totals),
  normalize: normalizeNote,
  totals: computeNoteTotals,
  counterparty: 'customer',
  reference: { family: 'sales-invoice', of: billReference },
});
