import { ANNULMENT_OF_SUPPORT_DOCUMENT } from '../catalogs/adjustment-note-concepts.ts';
import type { NoteReference } from '../notes/note-reference.ts';
import type { AdjustmentNoteBody } from './adjustment-note-body.ts';

/** The support document the note adjusts; null only for a body the rules refuse (number missing). */
export function adjustmentNoteReference(body: AdjustmentNoteBody): NoteReference | null {
  const number = body.support_document_number;
  return number ? { field: 'support_document_number', number } : null;
}

/** Concept 2 (annulment of the support document): once validated, the note voids the document it names. */
export function adjustmentNoteVoidsReference(body: AdjustmentNoteBody): boolean {
  return body.concept === ANNULMENT_OF_SUPPORT_DOCUMENT;
}
