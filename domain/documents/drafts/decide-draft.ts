import type { DocumentEvent } from '../document-events.ts';
import type { DocumentState } from '../document-state.ts';
import { discardDraft } from './discard-draft.ts';
import type { DraftCommand } from './draft-commands.ts';
import { draftDocument } from './draft-document.ts';
import { editDraft } from './edit-draft.ts';
import { finalizeDocument } from './finalize-document.ts';
import { requestTransmission } from './request-transmission.ts';

/** The draft path of the lifecycle: draft → issued (finalized) → pending (transmission requested). */
export function decideDraft(command: DraftCommand, state: DocumentState): DocumentEvent[] {
  switch (command.type) {
    case 'DraftDocument':
      return draftDocument(command, state);
    case 'EditDraft':
      return editDraft(command, state);
    case 'FinalizeDocument':
      return finalizeDocument(command, state);
    case 'RequestTransmission':
      return requestTransmission(command, state);
    case 'DiscardDraft':
      return discardDraft(command, state);
  }
}
