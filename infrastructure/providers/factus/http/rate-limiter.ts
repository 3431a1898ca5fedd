import { compareAndSet, type Change } from '../../../../application/coordination/compare-and-set.ts';
import type { Clock } from '../../../../application/ports/clock.ts';
import type { CoordinationStore } from '../../../../application/ports/coordination-store.ts';
import { realSleep, type Sleep } from './sleep.ts';

interface Rate {
  /** Calls allowed in any window of `windowMs` (Factus: 80 a minute per user). */
  limit: number;
  windowMs: number;
}

/** One record per Factus account, shared by every instance. */
interface RateRecord {
  /** Clock times of the grants still inside the window, oldest first. */
  grants: number[];
  /** Nobody sends before this clock time (a 429's Retry-After). */
  pausedUntil: number;
}

/**
 * Added to a wait for the oldest grant to leave the window. A request reaches Factus some time after its grant (an
 * event loop busy elsewhere, a connection to open), and that time varies: without a margin larger than the variation,
 * a late request and an early one 60 s apart would land in the same Factus minute. Also absorbs small clock
 * differences between hosts. Costs one second a minute when the account is saturated.
 */
export const GRANT_MARGIN_MS = 1_000;

/**
 * At most `limit` calls in any window of `windowMs` across every instance sharing the coordination store: a sliding
 * log of the grants of the last window (a fixed window would let twice the limit through across its boundary). A
 * 429's Retry-After pauses every instance. Within an instance callers are served in arrival order; time comes from
 * the injected clock and waits from the injected sleep.
 */
export class RateLimiter {
  private queue: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly store: CoordinationStore,
    private readonly key: string,
    private readonly rate: Rate,
    private readonly clock: Clock,
    private readonly sleep: Sleep = realSleep,
  ) {}

  /**
   * Resolves when the caller may send its request. `onWait` hears how long the caller may wait (behind the callers
   * ahead of it in this instance, or for the window to have room), so it can keep what it holds alive meanwhile.
   */
  async acquire(onWait?: (waitMs: number) => Promise<void>): Promise<void> {
    const queued = this.waiting > 0;
    const ticket = { withdrawn: false };
    this.waiting += 1;
    const turn = this.queue.then(() => this.waitForTurn(ticket, onWait));
    this.queue = turn.catch(() => undefined);
    try {
      // Behind others in this instance: at worst a whole window before the turn comes.
      if (queued) await onWait?.(this.rate.windowMs);
    } catch (error) {
      // The caller gave up (its claim was taken over): its turn must not use up a grant.
      ticket.withdrawn = true;
      turn.catch(() => undefined);
      this.waiting -= 1;
      throw error;
    }
    try {
      await turn;
    } finally {
      this.waiting -= 1;
    }
  }

  /** Nobody, in any instance, sends before `ms` from now (the provider said so). */
  async pauseFor(ms: number): Promise<void> {
    const until = this.clock.now().getTime() + ms;
    await compareAndSet<RateRecord, void>(this.store, this.key, (current) => {
      const record = current ?? { grants: [], pausedUntil: 0 };
      return { write: record.pausedUntil >= until ? undefined : { ...record, pausedUntil: until }, answer: undefined };
    });
  }

  private async waitForTurn(ticket: { withdrawn: boolean }, onWait?: (waitMs: number) => Promise<void>): Promise<void> {
    for (;;) {
      if (ticket.withdrawn) return;
      const now = this.clock.now().getTime();
      const wait = await compareAndSet<RateRecord, number>(this.store, this.key, (current) => this.decide(current, now));
      if (wait <= 0) return;
      await onWait?.(wait);
      await this.sleep(wait);
    }
  }

  /** A grant (wait 0, written) or the milliseconds to wait before asking again (nothing written). */
  private decide(current: RateRecord | undefined, now: number): Change<RateRecord, number> {
    const { limit, windowMs } = this.rate;
    const grants = (current?.grants ?? []).filter((at) => at > now - windowMs);
    const pausedUntil = current?.pausedUntil ?? 0;
    if (pausedUntil > now) return { answer: pausedUntil - now };
    if (grants.length >= limit) return { answer: grants[grants.length - limit] + windowMs - now + GRANT_MARGIN_MS };
    // Sorted, because an instance whose clock is a little behind may grant "before" the last grant it read.
    return { write: { grants: [...grants, now].sort((a, b) => a - b), pausedUntil }, answer: 0 };
  }
}
