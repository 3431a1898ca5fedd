import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { RecordTacitAcceptance } from './record-tacit-acceptance.ts';
import { TACIT_SCHEDULE_PARTITION, type TacitAcceptanceDueRow } from './tacit-acceptance-schedule.ts';

export interface TacitSchedulerOptions {
  intervalMs?: number;
  batchSize?: number;
}

/**
 * The tacit-acceptance process manager: polls the due deadlines with the injected clock and records 034 for each.
 * Nothing lives in memory: after a restart the next poll finds the same rows.
 */
export class TacitAcceptanceScheduler {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<number> = Promise.resolve(0);
  private busy = false;
  private readonly options: Required<TacitSchedulerOptions>;

  constructor(
    private readonly due: ReadModelCollection<TacitAcceptanceDueRow>,
    private readonly tacit: RecordTacitAcceptance,
    private readonly clock: Clock,
    private readonly logger: Logger,
    options: TacitSchedulerOptions = {},
  ) {
    this.options = { intervalMs: options.intervalMs ?? 1_000, batchSize: options.batchSize ?? 100 };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.tick()
        .catch((error) => this.logger.error({ err: error }, 'tacit acceptance poll failed'))
        .finally(() => (this.busy = false));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Handles every deadline due now; polls run one after another. Answers how many 034 events were recorded. */
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
    const { items } = await this.due.find({
      ...TACIT_SCHEDULE_PARTITION,
      where: { dueAt: { lte: this.clock.now().toISOString() } },
      orderBy: [['dueAt', 'asc']],
      limit: this.options.batchSize,
    });
    let recorded = 0;
    for (const row of items) {
      try {
        if (await this.tacit.execute(row.invoiceId)) recorded += 1;
      } catch (error) {
        this.logger.error({ err: error, invoiceId: row.invoiceId }, 'tacit acceptance failed; retried at the next poll');
      }
    }
    return recorded;
  }
}
