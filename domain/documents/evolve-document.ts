import type { DocumentEvent } from './document-events.ts';
import { initialDocumentState, type DocumentState } from './document-state.ts';
import { evolveDraft } from './drafts/evolve-draft.ts';
import { evolveSubmissionRetry } from './submission/evolve-submission-retry.ts';

export function evolveDocument(state: DocumentState, event: DocumentEvent): DocumentState {
  switch (event.type) {
    case 'DocumentCreated': {
      const d = event.data;
      return {
        ...initialDocumentState(),
        status: 'pending',
        id: d.documentId,
        family: d.family,
        tenantId: d.tenantId,
        environment: d.environment,
        transactionId: d.transactionId,
        idempotencyKey: d.idempotencyKey,
        requestHash: d.requestHash,
        issuer: d.issuer,
        reference: d.reference ?? null,
        body: d.body,
        totals: d.totals,
        issueDate: d.issueDate,
        issueTime: d.issueTime,
        createdAt: d.at,
        updatedAt: d.at,
      };
    }
    case 'DocumentSubmissionStarted':
      return { ...state, status: 'sent', nextAttemptAt: event.data.leaseUntil ?? event.data.at, updatedAt: event.data.at };
    case 'DocumentValidated':
      return {
        ...state,
        status: 'validated',
        number: event.data.number,
        uniqueCode: event.data.uniqueCode,
        validatedAt: event.data.validatedAt,
        warnings: event.data.warnings,
        numbering: event.data.numbering ?? null,
        updatedAt: event.data.at,
      };
    case 'DocumentRejected':
      return { ...state, status: 'rejected', errors: event.data.errors, updatedAt: event.data.at };
    case 'DocumentSubmissionFailed':
      return { ...state, status: 'failed', failureReason: event.data.reason, updatedAt: event.data.at };
    case 'DocumentCancelled':
      return { ...state, status: 'cancelled', updatedAt: event.data.at };
    case 'DocumentVoidClaimed':
      return { ...state, voidClaim: event.data.claimedBy };
    case 'DocumentVoided':
      return { ...state, status: 'voided', voidedBy: event.data.voidedBy, updatedAt: event.data.at };
    case 'DocumentDrafted':
    case 'DocumentDraftEdited':
    case 'DocumentFinalized':
    case 'DocumentTransmissionRequested':
      return evolveDraft(state, event);
    case 'DocumentSubmissionAttemptFailed':
    case 'DocumentSubmissionRetryStarted':
    case 'DocumentSubmissionLeaseExtended':
      return evolveSubmissionRetry(state, event);
  }
}
