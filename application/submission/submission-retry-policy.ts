import { backoffDelay, jitterDown, type Backoff } from '../retrying/backoff.ts';

/** How long a temporarily unavailable provider is retried before a document is `failed`. */
export interface SubmissionRetryPolicy extends Backoff {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Share of each delay taken off at random (0 none, 1 "full jitter"), so retries of many documents spread out. */
  jitter: number;
  /** How long a started attempt may go unanswered before another worker may resume the document. */
  leaseMs: number;
}

/** Delays 2 s, 4 s, 8 s ... capped at 5 min: some 20 minutes of unavailability before a document fails. */
export const SUBMISSION_RETRY: SubmissionRetryPolicy = {
  maxAttempts: 12,
  initialDelayMs: 2_000,
  maxDelayMs: 300_000,
  jitter: 0.2,
  leaseMs: 2 * 60_000,
};

/**
 * Delay before the attempt after `failedAttempt` (1-based): capped exponential back-off less a random share, never
 * shorter than what the provider asked for (Retry-After).
 */
export function retryDelay(policy: SubmissionRetryPolicy, failedAttempt: number, random: () => number, providerAskedMs = 0): number {
  return Math.max(jitterDown(backoffDelay(policy, failedAttempt), policy.jitter, random), providerAskedMs);
}
