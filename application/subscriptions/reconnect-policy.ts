import { backoffDelay, equalJitter, type Backoff } from '../retrying/backoff.ts';

/** How a runner waits between attempts to reach a store that is down: capped, jittered, never giving up. */
export type ReconnectPolicy = Backoff;

export const DEFAULT_RECONNECT: ReconnectPolicy = { initialDelayMs: 250, maxDelayMs: 30_000 };

/** Capped exponential back-off with equal jitter, so runners that lost the same store do not all retry at once. */
export function reconnectDelay(policy: ReconnectPolicy, failures: number, random: () => number): number {
  return equalJitter(backoffDelay(policy, failures), random);
}
