/** An attempt to hand the document to the provider failed temporarily; the next one is due at `retryAt`. */
interface DocumentSubmissionAttemptFailed {
  type: 'DocumentSubmissionAttemptFailed';
  data: { documentId: string; attempt: number; reason: string; retryAt: string; at: string };
}

/** One worker claimed a due retry; if it never records an answer, another may start after `leaseUntil`. */
export interface DocumentSubmissionRetryStarted {
  type: 'DocumentSubmissionRetryStarted';
  data: { documentId: string; attempt: number; leaseUntil: string; at: string };
}

/** The claim of attempt `attempt` now lasts until `leaseUntil`. */
interface DocumentSubmissionLeaseExtended {
  type: 'DocumentSubmissionLeaseExtended';
  data: { documentId: string; attempt: number; leaseUntil: string; at: string };
}

export type SubmissionRetryEvent = DocumentSubmissionAttemptFailed | DocumentSubmissionRetryStarted | DocumentSubmissionLeaseExtended;
