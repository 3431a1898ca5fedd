import type { NoteReference } from '../notes/note-reference.ts';

/** A support document references no other document. */
export function supportDocumentReference(): NoteReference | null {
  return null;
}

/** A support document voids nothing. */
export function supportDocumentVoidsReference(): boolean {
  return false;
}
