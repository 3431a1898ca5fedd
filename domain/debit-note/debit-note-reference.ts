import { billReference, type NoteReference } from '../notes/note-reference.ts';
import type { DebitNoteBody } from './debit-note-body.ts';

/** The sales invoice the note adds to (`bill_number`), or null for a note without an invoice reference. */
export function debitNoteReference(body: DebitNoteBody): NoteReference | null {
  return billReference(body);
}

/** A debit note never voids the invoice it names. */
export function debitNoteVoidsReference(_body: DebitNoteBody): boolean {
  return false;
}
