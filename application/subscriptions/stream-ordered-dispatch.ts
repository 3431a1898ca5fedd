import { ConcurrencySlots } from './concurrency-slots.ts';

/** Runs work for several streams at once, up to a limit, and the work of one stream one item after another. */
export class StreamOrderedDispatch {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly slots: ConcurrencySlots;

  constructor(concurrency: number) {
    this.slots = new ConcurrencySlots(concurrency);
  }

  /** Resolves once a slot is free, or once `releaseWaiters` lets every waiter go. */
  acquire(): Promise<void> {
    return this.slots.acquire();
  }

  /** Runs `work` after the stream's earlier work, holding the slot acquired for it until it ends; `work` must not reject. */
  run(streamId: string, work: () => Promise<void>): void {
    const previous = this.chains.get(streamId) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        await work();
      } finally {
        this.slots.release();
      }
    });
    this.chains.set(streamId, next);
    void next.finally(() => {
      if (this.chains.get(streamId) === next) this.chains.delete(streamId);
    });
  }

  /** Resolves once the work started so far has ended. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.chains.values()]);
  }

  releaseWaiters(): void {
    this.slots.releaseWaiters();
  }
}
