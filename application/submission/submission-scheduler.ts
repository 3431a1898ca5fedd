import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import { SUBMISSION_SCHEDULE_PARTITION, type SubmissionDueRow } from './submission-schedule.ts';
import type { SubmitDocument } from './submit-document.ts';

export interface SubmissionSchedulerOptions {
  intervalMs?: number;
  batchSize?: number;
  concurrency?: number;
}

const ACTOR = 'system:submission-scheduler';

/**
 * Polls the due-submissions read model with the injected clock and starts every due retry (or one whose worker
 * vanished). Each document is claimed on its stream before the call, so a row the read model has not updated yet
 * is skipped. Nothing lives in memory: after a restart the next poll finds the same rows.
 */
export class SubmissionScheduler {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<number> = Promise.resolve(0);
  private busy = false;
  private readonly options: Required<SubmissionSchedulerOptions>;

  constructor(
    private readonly due: ReadModelCollection<SubmissionDueRow>,
    private readonly submit: SubmitDocument,
    private readonly clock: Clock,
    private readonly logger: Logger,
    options: SubmissionSchedulerOptions = {},
  ) {
    this.options = { intervalMs: options.intervalMs ?? 1_000, batchSize: options.batchSize ?? 100, concurrency: options.concurrency ?? 8 };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.tick()
        .catch((error) => this.logger.error({ err: error }, 'submission scheduler poll failed'))
        .finally(() => (this.busy = false));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Starts every retry due now; polls run one after another. Answers how many rows were due. */
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
      ...SUBMISSION_SCHEDULE_PARTITION,
      where: { dueAt: { lte: this.clock.now().toISOString() } },
      orderBy: [['dueAt', 'asc']],
      limit: this.options.batchSize,
    });
    const queue = [...items];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const { documentId, streamId } = row;
        await this.submit.retry(streamId, ACTOR).catch((error) => this.logger.error({ err: error, documentId }, 'scheduled submission failed'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, queue.length) }, worker));
    return items.length;
  }
}
