import { normalizeNote } from '../../notes/normalize-note.ts';
import type { NoteBody } from '../../notes/note-body.ts';
import { DEBIT_NOTE } from '../../notes/note-kind.ts';
import { billReference } from '../../notes/note-reference.ts';
import { checkNoteRules } from '../../notes/note-rules.ts';
import { computeNoteTotals } from '../../notes/note-totals.ts';
import { defineFamily } from './define-family.ts';

/** A debit note never voids the invoice it names. */
export const debitNoteFamily = defineFamily<NoteBody>({
  name: 'debit-note',
  streamCategory: 'debitNote',
  uniqueCodeName: 'cude',
  typeCode: '92',
  rules: (body) => checkNoteRules(body, DEBIT_NOTE),
  normalize: normalizeNote,
  totals: computeNoteTotals,
  counterparty: 'customer',
  reference: { family: 'sales-invoice', of: billReference },
});
