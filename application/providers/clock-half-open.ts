import type { IBackoff, IBackoffFactory } from 'cockatiel';
import type { Clock } from '../ports/clock.ts';

/**
 * cockatiel's `halfOpenAfter` as measured by the injected clock. cockatiel compares `Date.now() - openedAt` with
 * `duration` when a call arrives, so `duration` is read at that moment: 0 once the clock says the pause is over
 * (the next call is the trial), infinite before.
 */
export class ClockHalfOpen<T> implements IBackoffFactory<T> {
  constructor(
    private readonly clock: Clock,
    private readonly pauseMs: number,
  ) {}

  next(): IBackoff<T> {
    const reopensAt = this.clock.now().getTime() + this.pauseMs;
    const clock = this.clock;
    return {
      get duration() {
        return clock.now().getTime() >= reopensAt ? 0 : Number.POSITIVE_INFINITY;
      },
      next: () => this.next(),
    };
  }

  /** Milliseconds left before a trial call may go, for a breaker opened at `openedAt` (clock time). */
  remaining(openedAt: number): number {
    return Math.max(0, openedAt + this.pauseMs - this.clock.now().getTime());
  }
}
