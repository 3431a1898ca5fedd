import type { DocumentState } from '../document-state.ts';

/**
 * Whether the document was ever handed to the tax authority. `createdAt` is set when a document enters the issuance
 * lifecycle (the POST of seed 000, or the transmission of a draft), so drafts and finalized documents have none.
 */
export function enteredIssuance(state: DocumentState): boolean {
  return state.createdAt !== '';
}
