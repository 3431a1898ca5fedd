import type { NoteBody } from './note-body.ts';
import type { NoteKind } from './note-kind.ts';

/** The document a note or adjustment names in its body: the field that carries the number, and the number. */
export interface NoteReference {
  field: 'bill_number' | 'support_document_number';
  number: string;
}

/** The sales invoice a credit or debit note corrects, or null for a note that names none. */
export function billReference(body: Pick<NoteBody, 'bill_number'>): NoteReference | null {
  return body.bill_number ? { field: 'bill_number', number: body.bill_number } : null;
}

/** Whether the note, once validated, voids the invoice it names: only a kind's annulment concept does. */
export function noteVoidsReference(body: Pick<NoteBody, 'concept'>, kind: NoteKind): boolean {
  return kind.annulmentConcept !== undefined && body.concept === kind.annulmentConcept;
}
