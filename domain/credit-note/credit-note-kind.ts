import { CREDIT_NOTE_CONCEPTS } from '../catalogs/credit-note-concepts.ts';
import type { NoteKind } from '../notes/note-kind.ts';

export const CREDIT_NOTE_ANNULMENT = '2';

export const CREDIT_NOTE: NoteKind = {
  name: 'credit note',
  concepts: CREDIT_NOTE_CONCEPTS,
  annulmentConcept: CREDIT_NOTE_ANNULMENT,
};
