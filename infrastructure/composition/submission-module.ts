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

/**
 * Later attempts (retries, and claims whose worker died) the scheduler makes at once: never fewer than this, which is
 * more than the 4 first attempts Factus and DIAN take, and as many as the first attempts for a provider that allows
 * more, up to a poll's batch of due rows (100). With 8 for every provider, a process killed with some 450 claims open
 * on a sandbox answering in 1 s had them resumed over 72 s.
 */
export const SCHEDULED_SUBMISSIONS_AT_LEAST = 8;

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
    const firstAttempts = options.concurrency ?? UNLIMITED_PROVIDER_CONCURRENCY;
    this.scheduler = new SubmissionScheduler(due, this.submit, clock, submissionLogger, {
      intervalMs: options.schedulerIntervalMs,
      concurrency: Math.max(SCHEDULED_SUBMISSIONS_AT_LEAST, firstAttempts),
    });
    const checkpoints = readModels.checkpoints;
    this.runners = [
      new SubscriptionRunner(eventStore, checkpoints, new SubmissionProcessManager(this.submit), submissionLogger, {
        concurrency: firstAttempts,
        checkpointEvery: 100,
      }),
      new SubscriptionRunner(eventStore, checkpoints, new SubmissionScheduleProjection(due), logger.child({ runner: 'submission-schedule' }), {
        checkpointEvery: 200,
      }),
    ];
  }
}
