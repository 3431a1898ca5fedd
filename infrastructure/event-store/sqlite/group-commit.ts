import { performance } from 'node:perf_hooks';
import { CommitPacing } from './commit-pacing.ts';

/** One append waiting for the next group commit. */
interface Pending<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions<Item, Result> {
  /**
   * Writes every item in one transaction, each in its own savepoint: answers, per item, its result or the error that
   * rolled back that item alone. Throws when the transaction as a whole could not commit (nothing was written).
   */
  writeAll(items: readonly Item[]): Array<{ result: Result } | { error: unknown }>;
  /** The whole transaction may succeed if tried again later (another connection holds the write lock). */
  isRetryable(error: unknown): boolean;
  /**
   * How long to wait (ms) before try number `attempt` (2 and up) of a group first refused `waitedMs` ago; `undefined`:
   * give up with `giveUp(error)`.
   */
  delayBefore(attempt: number, waitedMs: number): number | undefined;
  giveUp(error: unknown): unknown;
  /** Called once per committed group with the results that were written, after their answers were given. */
  committed?(results: readonly Result[]): void;
  /** Waits `ms` milliseconds (0: until the next turn of the event loop). */
  sleep?(ms: number): Promise<void>;
  /** Starts measuring how busy this thread is; the function returned answers the share of time busy since (0 to 1). */
  measureBusy?(): () => number;
  /** The clock of `waitedMs`, in ms (default performance.now). */
  now?(): number;
  /** Whether this thread's commits are spaced while it is busy (see CommitPacing); asked before each group. */
  paced?(): boolean;
}

/**
 * A wait of more than a millisecond ends after its first one when the thread was busy less than this share of it: with
 * nothing else to do, no append can join the group meanwhile, so waiting on only holds back the appends in it.
 */
const IDLE_SHARE = 0.5;

/**
 * Only so long after a group's first refusal: the commits of the other threads and processes take a millisecond or
 * less, and a lock held longer (a large transaction elsewhere) is waited for on the full delays, not polled.
 */
const IDLE_RETRIES_FOR_MS = 20;

const sleepFor = (ms: number) => new Promise<void>((resolve) => (ms === 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));

const measureLoopBusy = () => {
  const start = performance.eventLoopUtilization();
  return () => performance.eventLoopUtilization(start).utilization;
};

/**
 * Group commit: the appends asked for during one turn of the event loop are written in one transaction on the next
 * turn, so concurrent requests share a commit instead of paying one each. One group is written at a time, in the
 * order asked; a group that finds the write lock taken is retried whole, and appends asked for meanwhile join it.
 *
 * How long a refused group waits weighs two costs. While the thread has other work (requests on their way to an
 * append), a longer wait gathers them into the group, and fewer, larger commits cost less CPU per append; while it has
 * none (every client waiting on this very group, as in a closed loop), waiting gathers nothing and only delays the
 * answers. So a longer wait checks after its first millisecond how busy the thread was, and retries at once if idle.
 */
export class GroupCommit<Item, Result> {
  private queue: Array<Pending<Item, Result>> = [];
  private draining: Promise<void> | undefined;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly measureBusy: () => () => number;
  private readonly now: () => number;
  private readonly pacing: CommitPacing;

  constructor(private readonly options: GroupCommitOptions<Item, Result>) {
    this.sleep = options.sleep ?? sleepFor;
    this.measureBusy = options.measureBusy ?? measureLoopBusy;
    this.now = options.now ?? (() => performance.now());
    this.pacing = new CommitPacing({ applies: options.paced ?? (() => false), measureBusy: this.measureBusy, now: this.now });
  }

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Resolves once every append asked for so far has been written or refused. */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /**
   * Clears `draining` in the same turn as its last group's answers, before any of their awaiters runs: an append asked
   * for by one of them then starts a drain of its own. Cleared a microtask later (by a `finally` on the drain's
   * promise), such an append joined the queue of a drain that had already ended, and waited forever.
   */
  private async drain(): Promise<void> {
    try {
      await this.nextTurn();
      let refusedAt: number | undefined;
      for (let attempt = 1; this.queue.length > 0; ) {
        const group = this.queue;
        let outcomes;
        try {
          outcomes = this.options.writeAll(group.map((pending) => pending.item));
        } catch (error) {
          if (this.options.isRetryable(error)) {
            refusedAt ??= this.now();
            const waitedMs = this.now() - refusedAt;
            const delay = this.options.delayBefore(attempt + 1, waitedMs);
            if (delay !== undefined) {
              attempt += 1;
              await this.wait(delay, waitedMs);
              continue;
            }
          }
          this.queue = this.queue.slice(group.length);
          const failure = this.options.isRetryable(error) ? this.options.giveUp(error) : error;
          for (const pending of group) pending.reject(failure);
          attempt = 1;
          refusedAt = undefined;
          continue;
        }
        this.queue = this.queue.slice(group.length);
        attempt = 1;
        refusedAt = undefined;
        this.pacing.committed();
        const written: Result[] = [];
        for (const outcome of outcomes) if ('result' in outcome) written.push(outcome.result);
        // Answered before the hook, which runs before any awaiter of theirs all the same: the group is written, and
        // a hook that throws must not leave its appends unanswered.
        outcomes.forEach((outcome, i) => ('result' in outcome ? group[i].resolve(outcome.result) : group[i].reject(outcome.error)));
        if (written.length > 0) this.options.committed?.(written);
        // Appends asked for while this group was written go in the next turn's group.
        if (this.queue.length > 0) await this.nextTurn();
      }
    } finally {
      this.draining = undefined;
    }
  }

  /** The next turn of the event loop, and then the rest of the gap a busy thread leaves between its commits. */
  private async nextTurn(): Promise<void> {
    await this.sleep(0);
    const delay = this.pacing.delay();
    if (delay > 0) await this.sleep(delay);
  }

  /** Waits `delay` ms, or only its first when the thread was idle through it (see the class comment). */
  private async wait(delay: number, waitedMs: number): Promise<void> {
    if (delay <= 1 || waitedMs >= IDLE_RETRIES_FOR_MS) return this.sleep(delay);
    const busy = this.measureBusy();
    await this.sleep(1);
    if (busy() < IDLE_SHARE) return;
    await this.sleep(delay - 1);
  }
}
