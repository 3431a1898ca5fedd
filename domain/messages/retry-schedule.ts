/** Seed 002: a temporary failure is retried after 1, 5, 15 and 60 minutes, then the message is failed. */
const RETRY_DELAYS_MINUTES = [1, 5, 15, 60] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/** When the attempt after `failedAttempt` (1-based) is due; null when that was the last one. */
export function nextAttemptAt(failedAttempt: number, failedAt: Date): Date | null {
  const minutes = RETRY_DELAYS_MINUTES[failedAttempt - 1];
  return minutes === undefined ? null : new Date(failedAt.getTime() + minutes * 60_000);
}
