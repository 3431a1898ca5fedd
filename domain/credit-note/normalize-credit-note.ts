import { normalizeNote } from '../notes/normalize-note.ts';
import type { CreditNoteBody } from './credit-note-body.ts';

/** The body with the customer and line defaults of the sales invoice filled in. */
export function normalizeCreditNote(body: CreditNoteBody): CreditNoteBody {
  return normalizeNote(body);
}
