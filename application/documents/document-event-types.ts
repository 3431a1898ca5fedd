import type { DocumentEvent } from '../../domain/documents/document-events.ts';

/** Keyed by type, so the compiler finds a type of the union missing here, or one the union does not have. */
const NAMES: { readonly [Type in DocumentEvent['type']]: Type } = {
  DocumentCreated: 'DocumentCreated',
  DocumentSubmissionStarted: 'DocumentSubmissionStarted',
  DocumentValidated: 'DocumentValidated',
  DocumentRejected: 'DocumentRejected',
  DocumentSubmissionFailed: 'DocumentSubmissionFailed',
  DocumentCancelled: 'DocumentCancelled',
  DocumentVoided: 'DocumentVoided',
  DocumentVoidClaimed: 'DocumentVoidClaimed',
  DocumentDrafted: 'DocumentDrafted',
  DocumentDraftEdited: 'DocumentDraftEdited',
  DocumentFinalized: 'DocumentFinalized',
  DocumentTransmissionRequested: 'DocumentTransmissionRequested',
  DocumentSubmissionAttemptFailed: 'DocumentSubmissionAttemptFailed',
  DocumentSubmissionRetryStarted: 'DocumentSubmissionRetryStarted',
  DocumentSubmissionLeaseExtended: 'DocumentSubmissionLeaseExtended',
};

/** Every event type of a document's stream, the types `evolveDocument` folds. */
export const DOCUMENT_EVENT_TYPES: readonly DocumentEvent['type'][] = Object.values(NAMES);
