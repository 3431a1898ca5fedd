import { CREDIT_NOTE_CONCEPTS } from '../catalogs/credit-note-concepts.ts';
import { DEBIT_NOTE_CONCEPTS } from '../catalogs/debit-note-concepts.ts';

/** What tells a credit note from a debit note: its name in messages and its concept catalog. */
export interface NoteKind {
  /** As written in messages, e.g. "credit note". */
  name: string;
  concepts: ReadonlyMap<string, string>;
  /** The concept that annuls the referenced invoice, when the family has one. */
  annulmentConcept?: string;
}

/** A credit note subtracts from an invoice; concept 2 annuls it. */
export const CREDIT_NOTE: NoteKind = {
  name: 'credit note',
  concepts: CREDIT_NOTE_CONCEPTS,
  annulmentConcept: '2',
};

/** A debit note adds to an invoice; none of its concepts annuls one. */
export const DEBIT_NOTE: NoteKind = {
  name: 'debit note',
  concepts: DEBIT_NOTE_CONCEPTS,
};
