import { Subject, type Observable } from 'rxjs';

/**
 * What wakes a store's live subscriptions. A commit of this instance wakes them on the next turn of the event loop,
 * once for all the commits of a turn, so the appenders whose events were just committed go on first: woken inside the
 * commit, the first subscription read the new events for all of them before any appender resumed (about 0.3 ms on a
 * document's way to its provider answer, one document at a time). Appends made elsewhere wake them at once.
 */
export class SubscriptionWakes {
  private readonly subject = new Subject<bigint>();
  /** The newest position the wake queued for the next turn will carry; undefined when none is queued. */
  private queued: bigint | undefined;

  /** Whether a live subscription of this store listens (in the service, only the workers thread's store has them). */
  get observed(): boolean {
    return this.subject.observed;
  }

  get signal(): Observable<bigint> {
    return this.subject;
  }

  afterCommit(position: bigint): void {
    // A thread without live subscriptions (the API thread beside the workers thread) schedules nothing per commit; a
    // subscription opened later reads from its own start anyway.
    if (!this.observed) return;
    const alreadyQueued = this.queued !== undefined;
    this.queued = position;
    if (alreadyQueued) return;
    setImmediate(() => {
      const newest = this.queued as bigint;
      this.queued = undefined;
      this.subject.next(newest);
    });
  }

  now(position: bigint): void {
    this.subject.next(position);
  }

  close(): void {
    this.subject.complete();
  }
}
