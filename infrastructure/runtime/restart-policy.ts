import { backoffDelay, type Backoff } from '../../application/retrying/backoff.ts';

/** What runs the service's work apart (an HTTP process, the workers thread) is started again after it exits unasked. */
const RESTART: Backoff = { initialDelayMs: 1_000, maxDelayMs: 30_000 };

/** One that ran this long before it exited is started again after the shortest delay again. */
const STEADY_MS = 60_000;

/**
 * After an exit of what was started at `startedAt` (ms) following `quickExits` exits that each came soon after their
 * start: how many such exits in a row this makes, and how long to wait before starting it again (doubling with them).
 */
export function nextRestart(startedAt: number, quickExits: number, now: number, backoff: Backoff = RESTART): { quickExits: number; delayMs: number } {
  const exits = now - startedAt >= STEADY_MS ? 1 : quickExits + 1;
  return { quickExits: exits, delayMs: backoffDelay(backoff, exits) };
}
