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
 * Added to a wait for the oldest grant to leave the window. A grant's time is moved to when its request was answered
 * (`send`), which is after Factus counted it however late the request left or arrived; the margin covers what that
 * cannot: small clock differences between hosts, and an instance killed between its request and the answer. Costs
 * one second a minute when the account is saturated.
 */
export const GRANT_MARGIN_MS = 1_000;

/**
 * At most `limit` calls in any window of `windowMs` across every instance sharing the coordination store: a sliding
 * log of the grants of the last window, each at its answer's time once answered (a fixed window would let twice the
 * limit through across its boundary). A 429's Retry-After pauses every instance. Within an instance callers are
 * served in arrival order; time comes from the injected clock and waits from the injected sleep.
 */
export class RateLimiter {
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly store: CoordinationStore,
    private readonly key: string,
    private readonly rate: Rate,
    private readonly clock: Clock,
    private readonly sleep: Sleep = realSleep,
  ) {}

  /**
   * Sends `request` when the window has room, then counts it from when it was answered (or failed): the window then
   * holds it at least as long as Factus does, however long it took to leave this process or to reach Factus.
   */
  async send<T>(request: () => Promise<T>, onWait?: (waitMs: number) => Promise<void>): Promise<T> {
    const grantedAt = await this.acquire(onWait);
    try {
      return await request();
    } finally {
      // The answer is in hand: a store that cannot record the later time must not lose it. The grant then keeps the
      // time it was given, which the margin covers unless the request was slow.
      await this.answered(grantedAt).catch(() => undefined);
    }
  }

  /**
   * Resolves, with the grant's time, when the caller may send its request. `onWait` hears how long the caller may
   * wait (behind the callers ahead of it in this instance, or for the window to have room), so it can keep what it
   * holds alive meanwhile.
   */
  async acquire(onWait?: (waitMs: number) => Promise<void>): Promise<number> {
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
      return await turn;
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

  /** The grant's time (withdrawn: NaN, never sent). */
  private async waitForTurn(ticket: { withdrawn: boolean }, onWait?: (waitMs: number) => Promise<void>): Promise<number> {
    for (;;) {
      if (ticket.withdrawn) return Number.NaN;
      const turn = await compareAndSet<RateRecord, Turn>(this.store, this.key, (current) => this.decide(current, this.clock.now().getTime()));
      if ('grantedAt' in turn) return turn.grantedAt;
      await onWait?.(turn.waitMs);
      await this.sleep(turn.waitMs);
    }
  }

  /** A grant (written) or how long to wait before asking again (nothing written). */
  private decide(current: RateRecord | undefined, now: number): Change<RateRecord, Turn> {
    const { limit, windowMs } = this.rate;
    const grants = (current?.grants ?? []).filter((at) => at > now - windowMs);
    const pausedUntil = current?.pausedUntil ?? 0;
    if (pausedUntil > now) return { answer: { waitMs: pausedUntil - now } };
    if (grants.length >= limit) return { answer: { waitMs: grants[grants.length - limit] + windowMs - now + GRANT_MARGIN_MS } };
    return { write: { grants: sorted([...grants, now]), pausedUntil }, answer: { grantedAt: now } };
  }

  /** Moves the grant given at `grantedAt` to now; one that already left the window is left out. */
  private async answered(grantedAt: number): Promise<void> {
    const now = this.clock.now().getTime();
    if (!(now > grantedAt)) return;
    await compareAndSet<RateRecord, void>(this.store, this.key, (current) => {
      const index = current?.grants.indexOf(grantedAt) ?? -1;
      if (!current || index < 0) return { answer: undefined };
      const grants = sorted([...current.grants.slice(0, index), ...current.grants.slice(index + 1), now]);
      return { write: { ...current, grants }, answer: undefined };
    });
  }
}

type Turn = { grantedAt: number } | { waitMs: number };

/** Oldest first; an instance whose clock is a little behind may grant "before" the last grant it read. */
function sorted(grants: number[]): number[] {
  return grants.sort((a, b) => a - b);
}
