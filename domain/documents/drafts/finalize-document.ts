import { colombiaDateTime } from '../../shared/colombia-time.ts';
import { DomainError } from '../../shared/domain-error.ts';
import type { DocumentEvent } from '../document-events.ts';
import type { DocumentState } from '../document-state.ts';
import { issuable } from '../issuable.ts';
import type { FinalizeDocument } from './draft-commands.ts';
import { notFound } from './not-found.ts';

/** Runs the family's issuance rules on the draft; a document already issued is left as it is. */
export function finalizeDocument(command: FinalizeDocument, state: DocumentState): DocumentEvent[] {
  if (state.status === 'none') throw notFound();
  if (state.status === 'issued') return [];
  if (state.status !== 'draft') {
    throw new DomainError('not_editable', `only a draft can be finalized; this document is ${state.status}`, { status: state.status });
  }
  const { body, totals } = issuable(command.family, state.body);
  const { date, time } = colombiaDateTime(command.now);
  return [{ type: 'DocumentFinalized', data: { documentId: state.id, body, totals, issueDate: date, issueTime: time, at: command.now.toISOString() } }];
}
