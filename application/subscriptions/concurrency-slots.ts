/** At most `size` holders at once; the others wait in arrival order. */
export class ConcurrencySlots {
  private waiting: Array<() => void> = [];
  private busy = 0;

  constructor(private readonly size: number) {}

  acquire(): Promise<void> {
    if (this.busy < this.size) {
      this.busy += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next waiter, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy -= 1;
  }

  /** Lets every waiter go without a slot (the runner is stopping: they will find it stopped and leave). */
  releaseWaiters(): void {
    while (this.waiting.length > 0) this.waiting.shift()!();
  }
}
