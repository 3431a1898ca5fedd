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
  /** How long to wait before try number `attempt` (1-based) of a group; `undefined`: give up with `giveUp(error)`. */
  delayBefore(attempt: number): number | undefined;
  giveUp(error: unknown): unknown;
  /** Called once per committed group with the results that were written. */
  committed?(results: readonly Result[]): void;
}

/**
 * Group commit: the appends asked for during one turn of the event loop are written in one transaction on the next
 * turn, so concurrent requests share a commit instead of paying one each. One group is written at a time, in the
 * order asked; a group that finds the write lock taken is retried whole, and appends asked for meanwhile join it.
 */
export class GroupCommit<Item, Result> {
  private queue: Array<Pending<Item, Result>> = [];
  private draining: Promise<void> | undefined;

  constructor(private readonly options: GroupCommitOptions<Item, Result>) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.draining ??= this.drain().finally(() => (this.draining = undefined));
    });
  }

  /** Resolves once every append asked for so far has been written or refused. */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    for (let attempt = 1; this.queue.length > 0; ) {
      const group = this.queue;
      let outcomes;
      try {
        outcomes = this.options.writeAll(group.map((pending) => pending.item));
      } catch (error) {
        if (this.options.isRetryable(error)) {
          const delay = this.options.delayBefore(attempt + 1);
          if (delay !== undefined) {
            attempt += 1;
            await new Promise((resolve) => (delay === 0 ? setImmediate(resolve) : setTimeout(resolve, delay)));
            continue;
          }
        }
        this.queue = this.queue.slice(group.length);
        const failure = this.options.isRetryable(error) ? this.options.giveUp(error) : error;
        for (const pending of group) pending.reject(failure);
        attempt = 1;
        continue;
      }
      this.queue = this.queue.slice(group.length);
      attempt = 1;
      const written: Result[] = [];
      for (const outcome of outcomes) if ('result' in outcome) written.push(outcome.result);
      if (written.length > 0) this.options.committed?.(written);
      outcomes.forEach((outcome, i) => ('result' in outcome ? group[i].resolve(outcome.result) : group[i].reject(outcome.error)));
      // Appends asked for while this group was written go in the next turn's group.
      if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
