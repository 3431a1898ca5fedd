import type { Logger } from 'pino';
import { SerialPolls } from '../scheduling/serial-polls.ts';
import type { SharedWork } from '../coordination/work-sharing.ts';
import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { DeliveryPool } from './delivery-pool.ts';
import { WEBHOOK_SCHEDULE_PARTITION, type WebhookDueRow } from './webhook-delivery-schedule.ts';

export interface WebhookSchedulerOptions {
  intervalMs?: number;
  pageSize?: number;
  /** Pages of due rows one poll looks through at most, past queues whose endpoint has no room. */
  maxPages?: number;
}

/**
 * Durable timers as data: polls the due queues (retries, first attempts the dispatcher could not start, attempts
 * whose worker vanished) and hands them to the delivery pool without waiting for their POSTs. A queue whose endpoint
 * has no room is passed over, so the next page's endpoints still get theirs; it stays due for the next poll.
 */
export class WebhookDeliveryScheduler implements SharedWork {
  readonly name = 'webhook-delivery-scheduler';
  private readonly polls: SerialPolls;
  private readonly options: Required<WebhookSchedulerOptions>;

  constructor(
    private readonly due: ReadModelCollection<WebhookDueRow>,
    private readonly pool: DeliveryPool,
    private readonly clock: Clock,
    logger: Logger,
    options: WebhookSchedulerOptions = {},
  ) {
    this.options = { intervalMs: options.intervalMs ?? 1_000, pageSize: options.pageSize ?? 200, maxPages: options.maxPages ?? 10 };
    // While it runs, a slot freed by an endpoint that answered is filled at once: throughput is not one poll's worth a second.
    this.polls = new SerialPolls(() => this.poll(), this.options.intervalMs, logger, 'webhook delivery poll failed');
    pool.whenProgress(() => this.polls.soon());
  }

  async start(): Promise<void> {
    this.polls.start();
  }

  /** Hands every queue due now to the pool (as far as it has room); answers how many it took. Polls never overlap. */
  tick(): Promise<number> {
    return this.polls.now();
  }

  /** Stops polling; the pool finishes the attempts it runs (the module closes it). */
  async stop(): Promise<void> {
    await this.polls.stop();
  }

  private async poll(): Promise<number> {
    const { pageSize, maxPages } = this.options;
    const now = this.clock.now().toISOString();
    let taken = 0;
    for (let page = 0; page < maxPages && !this.pool.full; page += 1) {
      const rows = await this.due.find({
        ...WEBHOOK_SCHEDULE_PARTITION,
        where: { dueAt: { lte: now } },
        orderBy: [['dueAt', 'asc']],
        skip: page * pageSize,
        limit: pageSize,
      });
      for (const row of rows) {
        if (this.pool.full) break;
        if (this.pool.offer(row)) taken += 1;
      }
      if (rows.length < pageSize) break;
    }
    return taken;
  }
}
