/** Capped exponential back-off: the delay doubles from `initialDelayMs` with each failure in a row, up to `maxDelayMs`. */
export interface Backoff {
  initialDelayMs: number;
  maxDelayMs: number;
}

/** The delay after `failures` failures in a row (1-based): initial, 2×, 4×, ... never above the cap. */
export function backoffDelay(backoff: Backoff, failures: number): number {
  // The exponent is bounded so a long outage never computes Infinity (or NaN with a zero initial delay).
  return Math.min(backoff.maxDelayMs, backoff.initialDelayMs * 2 ** Math.min(failures - 1, 30));
}

/** "Equal jitter": half the delay fixed, the other half random, so waiters spread out but none retries at once. */
export function equalJitter(delayMs: number, random: () => number): number {
  return Math.round(delayMs / 2 + (delayMs / 2) * random());
}

/** The delay less a random part of at most `share` of it (0 none, 1 "full jitter"). */
export function jitterDown(delayMs: number, share: number, random: () => number): number {
  return Math.round(delayMs * (1 - share * random()));
}
