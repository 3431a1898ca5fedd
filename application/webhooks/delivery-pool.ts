import type { Logger } from 'pino';

/** In-flight attempts one instance allows: per endpoint, so a slow endpoint holds only its own queues, and overall. */
export interface DeliveryPoolLimits {
  perEndpoint: number;
  overall: number;
}

export const DEFAULT_POOL_LIMITS: DeliveryPoolLimits = { perEndpoint: 4, overall: 32 };

/** A queue whose due work should run: its stream and its endpoint. */
export interface QueueWork {
  queueStreamId: string;
  endpointId: string;
}

/**
 * Runs queues' due work in the background, bounded per endpoint and overall. `offer` never waits: when the pool or
 * the endpoint's share is full it refuses, and the queue stays due for the scheduler's next poll.
 */
export class DeliveryPool {
  private readonly running = new Map<string, { again: boolean }>();
  private readonly byEndpoint = new Map<string, number>();
  private readonly settled = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly work: (queueStreamId: string) => Promise<unknown>,
    private readonly limits: DeliveryPoolLimits,
    private readonly logger: Logger,
  ) {}

  /** Whether the queue's work was taken: started now, or already running (then it runs once more after). */
  offer({ queueStreamId, endpointId }: QueueWork): boolean {
    const running = this.running.get(queueStreamId);
    if (running) {
      running.again = true;
      return true;
    }
    if (!this.hasRoomFor(endpointId)) return false;
    this.running.set(queueStreamId, { again: false });
    this.byEndpoint.set(endpointId, (this.byEndpoint.get(endpointId) ?? 0) + 1);
    const done: Promise<void> = this.run(queueStreamId).finally(() => {
      this.running.delete(queueStreamId);
      const left = (this.byEndpoint.get(endpointId) ?? 1) - 1;
      if (left === 0) this.byEndpoint.delete(endpointId);
      else this.byEndpoint.set(endpointId, left);
      this.settled.delete(done);
    });
    this.settled.add(done);
    return true;
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

  private async run(queueStreamId: string): Promise<void> {
    for (let again = true; again; ) {
      try {
        await this.work(queueStreamId);
      } catch (error) {
        this.logger.error({ err: error, queue: queueStreamId }, 'webhook delivery failed; the queue stays due for the scheduler');
      }
      const state = this.running.get(queueStreamId)!;
      again = state.again && !this.closed;
      state.again = false;
    }
  }
}
