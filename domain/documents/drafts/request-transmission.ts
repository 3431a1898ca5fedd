import { DomainError } from '../../shared/domain-error.ts';
import { DocumentValidationError } from '../document-errors.ts';
import type { DocumentEvent } from '../document-events.ts';
import type { DocumentState } from '../document-state.ts';
import type { RequestTransmission } from './draft-commands.ts';
import { notFound } from './not-found.ts';

/**
 * Hands an issued document to the tax authority. The rules run again because they may have changed since the
 * document was finalized (catalogs, rates); the request that already transmitted it gets no second transmission.
 */
export function requestTransmission(command: RequestTransmission, state: DocumentState): DocumentEvent[] {
  if (state.status === 'none') throw notFound();
  if (state.transmissionKey === command.requestKey) return [];
  if (state.status !== 'issued') {
    throw new DomainError('not_issuable', `only an issued document can be transmitted; this one is ${state.status}`, { status: state.status });
  }
  const issues = command.family.checkRules(state.body);
  if (issues.length > 0) throw new DocumentValidationError(issues);
  const { transactionId, requestKey, issuer } = command;
  return [{ type: 'DocumentTransmissionRequested', data: { documentId: state.id, transactionId, requestKey, ...(issuer && { issuer }), at: command.now.toISOString() } }];
}
