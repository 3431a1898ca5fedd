import type { Logger } from 'pino';

/** In-flight attempts one instance allows: per endpoint, so a slow endpoint holds only its own queues, and overall. */
export interface DeliveryPoolLimits {
  perEndpoint: number;
  overall: number;
}

export const DEFAULT_POOL_LIMITS: DeliveryPoolLimits = { perEndpoint: 4, overall: 32 };

/** A queue whose due work should run: its stream, its endpoint, and (from the scheduler) the revision its timer shows. */
export interface QueueWork {
  queueStreamId: string;
  endpointId: string;
  revision?: number;
}

/** Timers remembered as done before the memory is dropped (dropping only costs a few runs that find nothing due). */
const REMEMBERED = 10_000;

/**
 * Runs queues' due work in the background, bounded per endpoint and overall. `offer` never waits: when the pool or
 * the endpoint's share is full it refuses, and the queue stays due for the scheduler's next poll.
 */
export class DeliveryPool {
  private readonly running = new Map<string, { again: boolean }>();
  private readonly byEndpoint = new Map<string, number>();
  private readonly settled = new Set<Promise<unknown>>();
  /**
   * The revision a queue's timer showed when its work last ran to the end: while the timer still shows it, the read
   * model lags the queue and there is nothing to do.
   */
  private readonly doneAt = new Map<string, number>();
  private closed = false;
  private afterProgress: (() => Promise<unknown>) | undefined;

  constructor(
    /** Runs a queue's due work, until none is left; answers how many POSTs it made. */
    private readonly work: (queueStreamId: string) => Promise<number>,
    private readonly limits: DeliveryPoolLimits,
    private readonly logger: Logger,
  ) {}

  /** Whether the queue's work was taken: started now, or already running (then it runs once more after). */
  offer({ queueStreamId, endpointId, revision }: QueueWork): boolean {
    const running = this.running.get(queueStreamId);
    if (running) {
      running.again = true;
      return true;
    }
    if (revision !== undefined && this.doneAt.get(queueStreamId) === revision) return false;
    if (!this.hasRoomFor(endpointId)) return false;
    this.running.set(queueStreamId, { again: false });
    this.byEndpoint.set(endpointId, (this.byEndpoint.get(endpointId) ?? 0) + 1);
    const done: Promise<void> = this.run(queueStreamId).then(({ sent, finished }) => {
      this.running.delete(queueStreamId);
      const left = (this.byEndpoint.get(endpointId) ?? 1) - 1;
      if (left === 0) this.byEndpoint.delete(endpointId);
      else this.byEndpoint.set(endpointId, left);
      if (this.doneAt.size >= REMEMBERED) this.doneAt.clear();
      if (finished && revision !== undefined) this.doneAt.set(queueStreamId, revision);
      // A slot is free and the endpoint answered: due work waiting for room goes now, not at the next poll.
      if (sent > 0 && this.afterProgress && !this.closed) this.track(this.afterProgress().catch(() => undefined));
      this.settled.delete(done);
    });
    this.settled.add(done);
    return true;
  }

  /** Called when work that made progress ends (the scheduler polls again); what it answers counts as running. */
  whenProgress(listener: () => Promise<unknown>): void {
    this.afterProgress = listener;
  }

  hasRoomFor(endpointId: string): boolean {
    return !this.closed && !this.full && (this.byEndpoint.get(endpointId) ?? 0) < this.limits.perEndpoint;
  }

  get full(): boolean {
    return this.running.size >= this.limits.overall;
  }

  get inFlight(): number {
    return this.running.size;
  }

  inFlightOf(endpointId: string): number {
    return this.byEndpoint.get(endpointId) ?? 0;
  }

  /** Resolves once nothing is running (work offered meanwhile included). */
  async idle(): Promise<void> {
    while (this.settled.size > 0) await Promise.all([...this.settled]);
  }

  /**
   * Takes no more work and waits for what runs, at most `waitMs`: an attempt cut short is recorded as interrupted
   * when its lease runs out, and retried.
   */
  async close(waitMs = 15_000): Promise<void> {
    this.closed = true;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([this.idle(), gaveUp]);
    clearTimeout(timer);
  }

  private track(promise: Promise<unknown>): void {
    this.settled.add(promise);
    void promise.finally(() => this.settled.delete(promise));
  }

  /** `finished`: the last run ended normally, with nothing due left in the queue. */
  private async run(queueStreamId: string): Promise<{ sent: number; finished: boolean }> {
    let sent = 0;
    let finished = false;
    for (let again = true; again; ) {
      try {
        sent += await this.work(queueStreamId);
        finished = true;
      } catch (error) {
        finished = false;
        this.logger.error({ err: error, queue: queueStreamId }, 'webhook delivery failed; the queue stays due for the scheduler');
      }
      const state = this.running.get(queueStreamId)!;
      again = state.again && !this.closed;
      state.again = false;
    }
    return { sent, finished };
  }
}
