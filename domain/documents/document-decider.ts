import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { colombiaDateTime } from '../shared/colombia-time.ts';
import type { DocumentCommand, RecordOutcome } from './document-commands.ts';
import type { DocumentEvent } from './document-events.ts';
import { DocumentAlreadyExistsError } from './document-errors.ts';
import { initialDocumentState, type DocumentState } from './document-state.ts';
import { decideDraft } from './drafts/decide-draft.ts';
import { evolveDocument } from './evolve-document.ts';
import { issuable } from './issuable.ts';
import { recordedReference, withReferenceParty } from './reference-party.ts';
import { decideSubmissionRetry } from './submission/decide-submission-retry.ts';

function decide(command: DocumentCommand, state: DocumentState): DocumentEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'CreateDocument': {
      if (state.status !== 'none') throw new DocumentAlreadyExistsError(state.id);
      const sent = withReferenceParty(command.family, command.body, command.reference);
      const { body, totals } = issuable(command.family, sent, command.referenceIssue ? [command.referenceIssue] : []);
      const { date, time } = colombiaDateTime(command.now);
      return [
        {
          type: 'DocumentCreated',
          data: {
            documentId: command.documentId,
            family: command.family.name,
            tenantId: command.tenantId,
            environment: command.environment,
            transactionId: command.transactionId,
            idempotencyKey: command.idempotencyKey,
            requestHash: command.requestHash,
            issuer: command.issuer,
            reference: recordedReference(command.reference),
            body,
            totals,
            issueDate: date,
            issueTime: time,
            at,
          },
        },
      ];
    }
    case 'StartSubmission': {
      if (state.status !== 'pending') return [];
      const leaseUntil = new Date(command.now.getTime() + command.leaseMs).toISOString();
      return [{ type: 'DocumentSubmissionStarted', data: { documentId: state.id, leaseUntil, at } }];
    }
    case 'RecordOutcome':
      return recordOutcome(command, state, at);
    case 'RecordFailure':
      if (state.status !== 'pending' && state.status !== 'sent') return [];
      return [{ type: 'DocumentSubmissionFailed', data: { documentId: state.id, reason: command.reason, at } }];
    case 'CancelDocument':
      if (state.status === 'none') throw new DomainError('not_found', 'no such document');
      if (state.status === 'validated' || state.status === 'voided') {
        throw new DomainError('document_validated', `the document is ${state.status} by the tax authority and cannot be discarded`, {
          status: state.status,
        });
      }
      if (state.status === 'cancelled') return [];
      return [{ type: 'DocumentCancelled', data: { documentId: state.id, at } }];
    case 'ClaimVoid': {
      if (state.status === 'voided') throw new DomainError('already_voided', `the document was already voided by ${state.voidedBy?.family} ${state.voidedBy?.number}`);
      if (state.status !== 'validated') throw new DomainError('not_voidable', `only a validated document can be voided; this one is ${state.status}`);
      const current = state.voidClaim;
      if (current?.documentId === command.claimedBy.documentId) return [];
      if (current && current.documentId !== command.staleClaimant) {
        throw new DomainError('void_in_progress', `${current.family} ${current.documentId} is already voiding this document`);
      }
      return [{ type: 'DocumentVoidClaimed', data: { documentId: state.id, claimedBy: command.claimedBy, at } }];
    }
    case 'VoidDocument':
      if (state.status === 'voided') return [];
      if (state.status !== 'validated') {
        throw new DomainError('not_voidable', `only a validated document can be voided; this one is ${state.status}`);
      }
      return [{ type: 'DocumentVoided', data: { documentId: state.id, voidedBy: command.voidedBy, at } }];
    case 'DraftDocument':
    case 'EditDraft':
    case 'FinalizeDocument':
    case 'RequestTransmission':
    case 'DiscardDraft':
      return decideDraft(command, state);
    case 'RecordAttemptFailure':
    case 'StartRetry':
    case 'ExtendSubmissionLease':
      return decideSubmissionRetry(command, state);
  }
}

/** Outcomes only land on a document that is waiting for them; a late answer for a discarded one is dropped. */
function recordOutcome(command: RecordOutcome, state: DocumentState, at: string): DocumentEvent[] {
  if (state.status !== 'sent' && state.status !== 'pending') return [];
  const { outcome } = command;
  if (outcome.kind === 'validated') {
    const { number, uniqueCode, validatedAt, warnings, numbering } = outcome;
    return [{ type: 'DocumentValidated', data: { documentId: state.id, number, uniqueCode, validatedAt, warnings, ...(numbering && { numbering }), at } }];
  }
  return [{ type: 'DocumentRejected', data: { documentId: state.id, errors: outcome.errors, at } }];
}

export const documentDecider: Decider<DocumentCommand, DocumentEvent, DocumentState> = {
  decide,
  evolve: evolveDocument,
  initialState: initialDocumentState,
};
