import type { SubmissionRetryPolicy } from '../submission/submission-retry-policy.ts';

/**
 * How an own event's sending to DIAN is retried while DIAN is unavailable: the submission's shape (capped exponential
 * back-off less a random share, attempts counted with the first, a lease on each attempt). Delays 5 s, 10 s, 20 s …
 * capped at 30 min: about seven hours before the event is `failed`.
 */
export const EVENT_TRANSMISSION_RETRY: SubmissionRetryPolicy = {
  maxAttempts: 20,
  initialDelayMs: 5_000,
  maxDelayMs: 30 * 60_000,
  jitter: 0.2,
  leaseMs: 2 * 60_000,
};
