export type { DebitNoteBody } from './debit-note-body.ts';
export { DEBIT_NOTE } from './debit-note-kind.ts';
export { checkDebitNoteRules } from './debit-note-rules.ts';
export { normalizeDebitNote } from './normalize-debit-note.ts';
export { computeDebitNoteTotals } from './debit-note-totals.ts';
export { debitNoteReference, debitNoteVoidsReference } from './debit-note-reference.ts';
