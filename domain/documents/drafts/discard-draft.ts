import { DomainError } from '../../shared/domain-error.ts';
import type { DocumentEvent } from '../document-events.ts';
import type { DocumentState } from '../document-state.ts';
import type { DiscardDraft } from './draft-commands.ts';
import { enteredIssuance } from './entered-issuance.ts';
import { notFound } from './not-found.ts';

/** A draft or an issued document that never left is discarded (cancelled); discarding it again changes nothing. */
export function discardDraft(command: DiscardDraft, state: DocumentState): DocumentEvent[] {
  if (state.status === 'none') throw notFound();
  if (state.status === 'cancelled' && !enteredIssuance(state)) return [];
  if (state.status !== 'draft' && state.status !== 'issued') {
    throw new DomainError('not_discardable', `only a draft or an issued document not yet transmitted can be discarded; this one is ${state.status}`, {
      status: state.status,
    });
  }
  return [{ type: 'DocumentCancelled', data: { documentId: state.id, at: command.now.toISOString() } }];
}
