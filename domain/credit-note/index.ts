export type { CreditNoteBody } from './credit-note-body.ts';
export { CREDIT_NOTE, CREDIT_NOTE_ANNULMENT } from './credit-note-kind.ts';
export { checkCreditNoteRules } from './credit-note-rules.ts';
export { normalizeCreditNote } from './normalize-credit-note.ts';
export { computeCreditNoteTotals } from './credit-note-totals.ts';
export { creditNoteReference, creditNoteVoidsReference } from './credit-note-reference.ts';
