const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** After each failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then the delivery has failed. */
const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;

export const MAX_WEBHOOK_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When the attempt after `failedAttempt` (1-based) is due; null when that was the last one. */
export function webhookRetryAt(failedAttempt: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[failedAttempt - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
