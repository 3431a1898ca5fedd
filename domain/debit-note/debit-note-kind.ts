import { DEBIT_NOTE_CONCEPTS } from '../catalogs/debit-note-concepts.ts';
import type { NoteKind } from '../notes/note-kind.ts';

/** A debit note adds to an invoice; none of its concepts annuls one. */
export const DEBIT_NOTE: NoteKind = {
  name: 'debit note',
  concepts: DEBIT_NOTE_CONCEPTS,
};
