/** What tells a credit note from a debit note: its name in messages and its concept catalog. */
export interface NoteKind {
  /** As written in messages, e.g. "credit note". */
  name: string;
  concepts: ReadonlyMap<string, string>;
  /** The concept that annuls the referenced invoice, when the family has one. */
  annulmentConcept?: string;
}
