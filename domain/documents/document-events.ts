import type { AuthorityMessage } from './authority-message.ts';
import type { DocumentFamilyName, ResolvedReference } from './document-family.ts';
import type { DocumentNumbering } from './document-numbering.ts';
import type { DraftEvent } from './drafts/draft-events.ts';
import type { Issuer } from './issuer.ts';
import type { SubmissionRetryEvent } from './submission/submission-retry-events.ts';

export interface DocumentCreated {
  type: 'DocumentCreated';
  data: {
    documentId: string;
    family: DocumentFamilyName;
    tenantId: string;
    environment: string;
    transactionId: string;
    idempotencyKey: string;
    requestHash: string;
    issuer: Issuer;
    reference: ResolvedReference | null;
    body: Record<string, unknown>;
    totals: Record<string, unknown>;
    issueDate: string;
    issueTime: string;
    at: string;
  };
}

/** A worker claimed the first attempt; if it records no answer, another may resume after `leaseUntil` (absent on old events: at once). */
interface DocumentSubmissionStarted {
  type: 'DocumentSubmissionStarted';
  data: { documentId: string; leaseUntil?: string; at: string };
}

interface DocumentValidated {
  type: 'DocumentValidated';
  data: {
    documentId: string;
    number: string;
    uniqueCode: string;
    validatedAt: string;
    warnings: AuthorityMessage[];
    /** The resolution and software that numbered it, when numbered here (absent on older events: DIAN's habilitación). */
    numbering?: DocumentNumbering;
    at: string;
  };
}

interface DocumentRejected {
  type: 'DocumentRejected';
  data: { documentId: string; errors: AuthorityMessage[]; at: string };
}

interface DocumentSubmissionFailed {
  type: 'DocumentSubmissionFailed';
  data: { documentId: string; reason: string; at: string };
}

interface DocumentCancelled {
  type: 'DocumentCancelled';
  data: { documentId: string; at: string };
}

interface DocumentVoided {
  type: 'DocumentVoided';
  data: { documentId: string; voidedBy: { family: DocumentFamilyName; documentId: string; number: string }; at: string };
}

/** An annulling document asked to void this one; only one such request may be in flight. */
interface DocumentVoidClaimed {
  type: 'DocumentVoidClaimed';
  data: { documentId: string; claimedBy: { family: DocumentFamilyName; documentId: string }; at: string };
}

export type DocumentEvent =
  | DocumentCreated
  | DocumentSubmissionStarted
  | DocumentValidated
  | DocumentRejected
  | DocumentSubmissionFailed
  | DocumentCancelled
  | DocumentVoided
  | DocumentVoidClaimed
  | DraftEvent
  | SubmissionRetryEvent;

export const DOCUMENT_EVENT_PREFIX = 'Document';
