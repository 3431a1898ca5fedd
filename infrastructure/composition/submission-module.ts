import type { Logger } from 'pino';
import type { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import type { Clock } from '../../application/ports/clock.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { ReadModelStore } from '../../application/ports/read-model-store.ts';
import type { OutcomeRecorder } from '../../application/submission/outcome-recorder.ts';
import { SubmissionProcessManager } from '../../application/submission/submission-process-manager.ts';
import type { SubmissionRetryPolicy } from '../../application/submission/submission-retry-policy.ts';
import { SUBMISSION_SCHEDULE_COLLECTION, type SubmissionDueRow } from '../../application/submission/submission-schedule.ts';
import { SubmissionScheduler } from '../../application/submission/submission-scheduler.ts';
import { SubmitDocument } from '../../application/submission/submit-document.ts';
import { SubscriptionRunner } from '../../application/subscriptions/subscription-runner.ts';
import { SubmissionScheduleProjection } from '../../projections/submission/submission-schedule-projection.ts';

/**
 * Documents on the provider at once when it sets no limit (the sandbox). Under load a submission holds its slot from its
 * claim to its committed outcome, 100–200 ms with the sandbox's 50: 128 slots held the sandbox near 850 documents/s on
 * two cores, below what the workers thread sustains (at 1,000/s, 128 slots fell behind and 512 kept up). A slot costs
 * only the document's state in memory.
 */
export const UNLIMITED_PROVIDER_CONCURRENCY = 512;

interface SubmissionDependencies {
  logger: Logger;
  eventStore: EventStore;
  readModels: ReadModelStore;
  aggregates: AggregateStore;
  provider: DocumentProvider;
  outcomes: OutcomeRecorder;
  clock: Clock;
  concurrency?: number;
  retry?: SubmissionRetryPolicy;
  /** Jitter of the back-off; tests make it deterministic. */
  random?: () => number;
  schedulerIntervalMs?: number;
  instance?: string;
}

/** Submission to the provider wired: the process manager (first attempts), the durable retry timers and their scheduler. */
export class SubmissionModule {
  readonly submit: SubmitDocument;
  readonly scheduler: SubmissionScheduler;
  readonly runners: SubscriptionRunner[];

  constructor({ logger, eventStore, readModels, aggregates, provider, outcomes, clock, ...options }: SubmissionDependencies) {
    const submissionLogger = logger.child({ runner: 'submission' });
    this.submit = new SubmitDocument(aggregates, provider, outcomes, clock, submissionLogger, options.retry, options.random, options.instance);
    const due = readModels.collection<SubmissionDueRow>(SUBMISSION_SCHEDULE_COLLECTION);
    this.scheduler = new SubmissionScheduler(due, this.submit, clock, submissionLogger, { intervalMs: options.schedulerIntervalMs });
    const checkpoints = readModels.checkpoints;
    this.runners = [
      new SubscriptionRunner(eventStore, checkpoints, new SubmissionProcessManager(this.submit), submissionLogger, {
        concurrency: options.concurrency ?? UNLIMITED_PROVIDER_CONCURRENCY,
        checkpointEvery: 100,
      }),
      new SubscriptionRunner(eventStore, checkpoints, new SubmissionScheduleProjection(due), logger.child({ runner: 'submission-schedule' }), {
        checkpointEvery: 200,
      }),
    ];
  }
}
