import { DomainError } from '../../shared/domain-error.ts';
import type { DocumentEvent } from '../document-events.ts';
import type { DocumentState } from '../document-state.ts';
import type { EditDraft } from './draft-commands.ts';
import { notFound } from './not-found.ts';

export function editDraft(command: EditDraft, state: DocumentState): DocumentEvent[] {
  if (state.status === 'none') throw notFound();
  if (state.status !== 'draft') {
    throw new DomainError('not_editable', `only a draft can be edited; this document is ${state.status}`, { status: state.status });
  }
  return [{ type: 'DocumentDraftEdited', data: { documentId: state.id, body: command.body, at: command.now.toISOString() } }];
}
