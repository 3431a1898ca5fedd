import { normalizeNote } from '../notes/normalize-note.ts';
import type { DebitNoteBody } from './debit-note-body.ts';

/** The body with the customer and line defaults of the sales invoice filled in. */
export function normalizeDebitNote(body: DebitNoteBody): DebitNoteBody {
  return normalizeNote(body);
}
