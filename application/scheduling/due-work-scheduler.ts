import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { SharedWork } from '../coordination/work-sharing.ts';
import { SerialPolls } from './serial-polls.ts';

/** A read model of due work: rows with a `dueAt`, in a partition of their own. */
interface DueWork<Row extends { dueAt: string | null }> {
  /** What instances share it under (one polls at a time). */
  key: string;
  /** For log lines: "<name> poll failed". */
  name: string;
  rows: ReadModelCollection<Row>;
  partition: { tenantId: string; environment: string };
  /** Does the work of one due row; answers whether it counted (e.g. an event was recorded). */
  run(row: Row): Promise<boolean>;
  /**
   * For timers removed once their work is done: a due row whose run did nothing is asked whether that work has
   * settled (an older event handled late brought its timer back), and if so is removed under the revision given, so a
   * newer timer stays.
   */
  settled?: { idOf(row: Row): string; revision(row: Row): Promise<bigint | undefined> };
  /** Log fields naming the row when its work fails. */
  describe(row: Row): Record<string, unknown>;
}

export interface DueWorkOptions {
  intervalMs?: number;
  batchSize?: number;
  concurrency?: number;
  /** What `tick()` answers: the rows that were due, or only those whose work counted. */
  reports?: 'due' | 'counted';
}

/**
 * Durable timers as data: polls the due-work read model with the injected clock and runs every due row. Nothing
 * lives in memory, so after a restart the next poll finds the same rows. Polls never overlap.
 */
export class DueWorkScheduler<Row extends { dueAt: string | null }> implements SharedWork {
  private readonly polls: SerialPolls;
  private readonly options: Required<DueWorkOptions>;

  constructor(
    private readonly work: DueWork<Row>,
    private readonly clock: Clock,
    private readonly logger: Logger,
    options: DueWorkOptions = {},
  ) {
    this.options = {
      intervalMs: options.intervalMs ?? 1_000,
      batchSize: options.batchSize ?? 100,
      concurrency: options.concurrency ?? 8,
      reports: options.reports ?? 'due',
    };
    this.polls = new SerialPolls(() => this.runDue(), this.options.intervalMs, logger, `${work.name} poll failed`);
  }

  get name(): string {
    return this.work.key;
  }

  async start(): Promise<void> {
    this.polls.start();
  }

  /** Runs every row due now; polls run one after another. */
  tick(): Promise<number> {
    return this.polls.now();
  }

  async stop(): Promise<void> {
    await this.polls.stop();
  }

  private async runDue(): Promise<number> {
    const items = await this.work.rows.find({
      ...this.work.partition,
      where: { dueAt: { lte: this.clock.now().toISOString() } },
      orderBy: [['dueAt', 'asc']],
      limit: this.options.batchSize,
    });
    const queue = [...items];
    let counted = 0;
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const current = row;
        try {
          if (await this.work.run(current)) counted += 1;
          else await this.dropIfSettled(current);
        } catch (error) {
          this.logger.error({ err: error, ...this.work.describe(current) }, `${this.work.name} failed; retried at the next poll`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, queue.length) }, worker));
    return this.options.reports === 'due' ? items.length : counted;
  }

  private async dropIfSettled(row: Row): Promise<void> {
    const settled = this.work.settled;
    const revision = await settled?.revision(row);
    if (settled && revision !== undefined) await this.work.rows.remove({ ...this.work.partition, id: settled.idOf(row) }, revision);
  }
}
