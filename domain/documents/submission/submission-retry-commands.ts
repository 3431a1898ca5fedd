/** Attempt `attempt` met a temporary fault; the retry policy of the caller chose when the next one is due. */
interface RecordAttemptFailure {
  type: 'RecordAttemptFailure';
  attempt: number;
  reason: string;
  retryAt: Date;
  now: Date;
}

/** Claims the next attempt of a document whose retry is due. */
interface StartRetry {
  type: 'StartRetry';
  leaseMs: number;
  now: Date;
}

/** The worker of attempt `attempt` needs its claim for longer (it waited for the provider's rate limit). */
interface ExtendSubmissionLease {
  type: 'ExtendSubmissionLease';
  attempt: number;
  leaseMs: number;
  now: Date;
}

export type SubmissionRetryCommand = RecordAttemptFailure | StartRetry | ExtendSubmissionLease;
