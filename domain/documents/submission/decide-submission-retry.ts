import type { DocumentEvent } from '../document-events.ts';
import type { DocumentState } from '../document-state.ts';
import type { SubmissionRetryCommand } from './submission-retry-commands.ts';

/** The attempt in progress (or last made): the first one plus every retry started since. */
export function currentAttempt(state: DocumentState): number {
  return state.submissionRetries + 1;
}

/** Retries only concern a document in the provider's hands; a late answer of an older attempt changes nothing. */
export function decideSubmissionRetry(command: SubmissionRetryCommand, state: DocumentState): DocumentEvent[] {
  if (state.status !== 'sent') return [];
  const at = command.now.toISOString();
  switch (command.type) {
    case 'RecordAttemptFailure': {
      if (command.attempt !== currentAttempt(state)) return [];
      const { attempt, reason } = command;
      return [{ type: 'DocumentSubmissionAttemptFailed', data: { documentId: state.id, attempt, reason, retryAt: command.retryAt.toISOString(), at } }];
    }
    case 'StartRetry': {
      const due = state.nextAttemptAt !== null && Date.parse(state.nextAttemptAt) <= command.now.getTime();
      if (!due) return [];
      const leaseUntil = new Date(command.now.getTime() + command.leaseMs).toISOString();
      return [{ type: 'DocumentSubmissionRetryStarted', data: { documentId: state.id, attempt: currentAttempt(state) + 1, leaseUntil, at } }];
    }
    case 'ExtendSubmissionLease': {
      if (command.attempt !== currentAttempt(state)) return [];
      const leaseUntil = new Date(command.now.getTime() + command.leaseMs).toISOString();
      return [{ type: 'DocumentSubmissionLeaseExtended', data: { documentId: state.id, attempt: command.attempt, leaseUntil, at } }];
    }
  }
}
