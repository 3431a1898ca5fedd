import type { DocumentStatus } from './document-status.ts';
import type { AuthorityMessage, DocumentEvent, Issuer } from './document-events.ts';
import type { DocumentFamilyName, ResolvedReference } from './document-family.ts';
import { evolveDraft } from './drafts/evolve-draft.ts';
import { evolveSubmissionRetry } from './submission/evolve-submission-retry.ts';

/** The folded document; plain JSON so the same shape serves the read model. */
export interface DocumentState {
  status: DocumentStatus | 'none';
  id: string;
  family: DocumentFamilyName | '';
  tenantId: string;
  environment: string;
  transactionId: string;
  idempotencyKey: string;
  requestHash: string;
  issuer: Issuer | null;
  reference: ResolvedReference | null;
  body: Record<string, unknown>;
  totals: Record<string, unknown>;
  issueDate: string;
  issueTime: string;
  createdAt: string;
  updatedAt: string;
  number: string | null;
  uniqueCode: string | null;
  validatedAt: string | null;
  warnings: AuthorityMessage[];
  errors: AuthorityMessage[];
  failureReason: string | null;
  voidedBy: { family: DocumentFamilyName; documentId: string; number: string } | null;
  voidClaim: { family: DocumentFamilyName; documentId: string } | null;
  /** When an integration wrote it as a draft; null for documents created ready to transmit. */
  draftedAt: string | null;
  /** The request that transmitted a finalized draft (see RequestTransmission). */
  transmissionKey: string | null;
  /** Retries of the submission started so far (the first attempt is not one). */
  submissionRetries: number;
  /** When the scheduler may start the next attempt: a failed attempt's retry time, or the lease end of the attempt under way. */
  nextAttemptAt: string | null;
}

export function initialDocumentState(): DocumentState {
  return {
    status: 'none',
    id: '',
    family: '',
    tenantId: '',
    environment: '',
    transactionId: '',
    idempotencyKey: '',
    requestHash: '',
    issuer: null,
    reference: null,
    body: {},
    totals: {},
    issueDate: '',
    issueTime: '',
    createdAt: '',
    updatedAt: '',
    number: null,
    uniqueCode: null,
    validatedAt: null,
    warnings: [],
    errors: [],
    failureReason: null,
    voidedBy: null,
    voidClaim: null,
    draftedAt: null,
    transmissionKey: null,
    submissionRetries: 0,
    nextAttemptAt: null,
  };
}

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
