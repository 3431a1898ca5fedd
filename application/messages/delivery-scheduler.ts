import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { DeliverMessage } from './deliver-message.ts';
import { SCHEDULE_PARTITION, type DeliveryDueRow } from './delivery-schedule.ts';

export interface SchedulerOptions {
  intervalMs?: number;
  batchSize?: number;
  concurrency?: number;
}

/**
 * Polls the due-work read model with the injected clock and runs every due delivery step (a retry, or an attempt
 * whose worker vanished). Nothing lives in memory: after a restart the next poll finds the same rows.
 */
export class DeliveryScheduler {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<number> = Promise.resolve(0);
  private busy = false;
  private readonly options: Required<SchedulerOptions>;

  constructor(
    private readonly due: ReadModelCollection<DeliveryDueRow>,
    private readonly deliver: DeliverMessage,
    private readonly clock: Clock,
    private readonly logger: Logger,
    options: SchedulerOptions = {},
  ) {
    this.options = { intervalMs: options.intervalMs ?? 1_000, batchSize: options.batchSize ?? 100, concurrency: options.concurrency ?? 8 };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.tick()
        .catch((error) => this.logger.error({ err: error }, 'delivery scheduler poll failed'))
        .finally(() => (this.busy = false));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Runs every step due now; polls run one after another. Answers how many rows were due. */
  tick(): Promise<number> {
    const run = this.chain.catch(() => 0).then(() => this.runDue());
    this.chain = run;
    return run;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.chain.catch(() => 0);
  }

  private async runDue(): Promise<number> {
    const now = this.clock.now().toISOString();
    const { items } = await this.due.find({
      ...SCHEDULE_PARTITION,
      where: { dueAt: { lte: now } },
      orderBy: [['dueAt', 'asc']],
      limit: this.options.batchSize,
    });
    const queue = [...items];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        await this.deliver
          .attempt(row.messageId, 'system:delivery-scheduler')
          .catch((error) => this.logger.error({ err: error, messageId: row!.messageId }, 'scheduled delivery step failed'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, queue.length) }, worker));
    return items.length;
  }
}
