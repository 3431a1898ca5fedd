import { billReference, type NoteReference } from '../notes/note-reference.ts';
import type { CreditNoteBody } from './credit-note-body.ts';
import { CREDIT_NOTE_ANNULMENT } from './credit-note-kind.ts';

/** The sales invoice the note corrects (`bill_number`), or null for a note without an invoice reference. */
export function creditNoteReference(body: CreditNoteBody): NoteReference | null {
  return billReference(body);
}

/** Concept 2 (annulment): once validated, the note voids the invoice it names. */
export function creditNoteVoidsReference(body: CreditNoteBody): boolean {
  return body.concept === CREDIT_NOTE_ANNULMENT;
}
