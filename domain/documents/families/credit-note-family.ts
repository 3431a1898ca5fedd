import { normalizeNote } from '../../notes/normalize-note.ts';
import type { NoteBody } from '../../notes/note-body.ts';
import { CREDIT_NOTE } from '../../notes/note-kind.ts';
import { billReference, noteVoidsReference } from '../../notes/note-reference.ts';
import { checkNoteRules } from '../../notes/note-rules.ts';
import { computeNoteTotals } from '../../notes/note-totals.ts';
import type { SalesInvoiceTotals } from '../../sales-invoice/sales-invoice-totals.ts';
import { defineFamily } from './define-family.ts';

export const creditNoteFamily = defineFamily<NoteBody, SalesInvoiceTotals>({
  name: 'credit-note',
  streamCategory: 'creditNote',
  uniqueCodeName: 'cude',
  typeCode: '91',
  rules: (body, totals) => checkNoteRules(body, CREDIT_NOTE, totals),
  normalize: normalizeNote,
  totals: computeNoteTotals,
  counterparty: 'customer',
  reference: { family: 'sales-invoice', of: billReference },
  voids: (body) => noteVoidsReference(body, CREDIT_NOTE),
});
