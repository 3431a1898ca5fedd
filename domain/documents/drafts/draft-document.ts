import { DocumentAlreadyExistsError } from '../document-errors.ts';
import type { DocumentEvent } from '../document-events.ts';
import type { DocumentState } from '../document-state.ts';
import type { DraftDocument } from './draft-commands.ts';

/** A new draft; the same request again (same body hash) is a no-op so a retried create is harmless. */
export function draftDocument(command: DraftDocument, state: DocumentState): DocumentEvent[] {
  if (state.status !== 'none') {
    if (state.requestHash === command.requestHash) return [];
    throw new DocumentAlreadyExistsError(state.id);
  }
  const { documentId, family, tenantId, environment, idempotencyKey, requestHash, issuer, body } = command;
  return [
    {
      type: 'DocumentDrafted',
      data: { documentId, family: family.name, tenantId, environment, idempotencyKey, requestHash, issuer, body, at: command.now.toISOString() },
    },
  ];
}
