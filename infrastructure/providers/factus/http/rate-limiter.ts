import type { Clock } from '../../../../application/ports/clock.ts';

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * At most `limit` calls in any window of `windowMs` (Factus: 80 a minute per user), granted in arrival order; a
 * 429's Retry-After pauses every caller. Time comes from the injected clock and waits from the injected sleep.
 */
export class RateLimiter {
  private readonly granted: number[] = [];
  private pausedUntil = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
    private readonly sleep: Sleep = realSleep,
  ) {}

  /** Resolves when the caller may send its request. */
  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.waitForTurn());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Nobody sends before `ms` from now (the provider said so). */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now().getTime() + ms);
  }

  private async waitForTurn(): Promise<void> {
    for (;;) {
      const now = this.clock.now().getTime();
      while (this.granted.length > 0 && this.granted[0] <= now - this.windowMs) this.granted.shift();
      const full = this.granted.length >= this.limit ? this.granted[0] + this.windowMs - now : 0;
      const wait = Math.max(this.pausedUntil - now, full);
      if (wait <= 0) {
        this.granted.push(now);
        return;
      }
      await this.sleep(wait);
    }
  }
}
