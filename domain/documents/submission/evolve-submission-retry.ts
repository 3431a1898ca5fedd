import type { DocumentState } from '../document-state.ts';
import type { SubmissionRetryEvent } from './submission-retry-events.ts';

/** Retries change no status (the document stays `sent`); they only say when the next attempt is due. */
export function evolveSubmissionRetry(state: DocumentState, event: SubmissionRetryEvent): DocumentState {
  switch (event.type) {
    case 'DocumentSubmissionAttemptFailed':
      return { ...state, nextAttemptAt: event.data.retryAt };
    case 'DocumentSubmissionRetryStarted':
      return { ...state, submissionRetries: event.data.attempt - 1, nextAttemptAt: event.data.leaseUntil };
    case 'DocumentSubmissionLeaseExtended':
      return { ...state, nextAttemptAt: event.data.leaseUntil };
  }
}
