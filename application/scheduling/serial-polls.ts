import type { Logger } from 'pino';

/**
 * A poll run every `intervalMs` and on demand, never two at once: each waits for the one before it. A poll that
 * fails is logged and the next runs on time.
 */
export class SerialPolls {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<number> = Promise.resolve(0);
  private busy = false;
  /** A poll queued behind the current one and not started yet: later `soon()` calls join it. */
  private queued: Promise<number> | undefined;

  constructor(
    private readonly poll: () => Promise<number>,
    private readonly intervalMs: number,
    private readonly logger: Logger,
    private readonly failure: string,
  ) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.now()
        .catch((error) => this.logger.error({ err: error }, this.failure))
        .finally(() => (this.busy = false));
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Polls after the current poll; answers what that poll answers. */
  now(): Promise<number> {
    const run = this.chain.catch(() => 0).then(() => this.poll());
    this.chain = run;
    return run;
  }

  /** While started, polls once more after the current poll, joining a poll already waiting to start. */
  soon(): Promise<number> {
    if (!this.timer) return Promise.resolve(0);
    if (this.queued) return this.queued;
    const run = this.chain.catch(() => 0).then(() => {
      this.queued = undefined;
      return this.poll();
    });
    this.chain = run;
    this.queued = run;
    return run;
  }

  /** Stops the timer and waits for the poll under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.chain.catch(() => 0);
  }
}
