export interface RetryPolicy {
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, initialDelayMs: 100, maxDelayMs: 5_000 };

/** Capped exponential back-off: initial, 2×, 4×, ... never above the cap. */
export function backoffDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));
}

/** How a runner waits between attempts to reach a store that is down: capped, jittered, never giving up. */
export interface ReconnectPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { initialDelayMs: 250, maxDelayMs: 30_000 };

/** Capped exponential back-off with "equal jitter": half the delay is fixed, the other half random. */
export function reconnectDelay(policy: ReconnectPolicy, failures: number, random: () => number): number {
  const capped = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(capped / 2 + (capped / 2) * random());
}
