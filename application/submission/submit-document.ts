import type { Logger } from 'pino';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { currentAttempt } from '../../domain/documents/submission/decide-submission-retry.ts';
import type { DocumentSubmissionRetryStarted } from '../../domain/documents/submission/submission-retry-events.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { ExpectedRevision, RecordedEvent } from '../ports/event-store.ts';
import { AttemptSupersededError, ProviderUnavailableError, type DocumentProvider, type SubmissionAttempt } from '../ports/document-provider.ts';
import type { OutcomeRecorder } from './outcome-recorder.ts';
import { laterSubmissionContext } from './submission-context.ts';
import { retryDelay, SUBMISSION_RETRY, type SubmissionRetryPolicy } from './submission-retry-policy.ts';
import { revisionOnceSettled } from '../scheduling/revision-once-settled.ts';

/**
 * One attempt to hand a document to the provider. Each attempt is claimed on the document's stream before the call
 * (DocumentSubmissionStarted for the first, DocumentSubmissionRetryStarted for a later one), for a lease: only the
 * worker whose append won calls the provider, so racing workers and instances make each attempt once. A worker that
 * vanishes leaves its claim to lapse; the scheduler then resumes the document as a new attempt, which asks the
 * provider what it holds before sending again. A temporary fault is recorded with the time of the next attempt, and
 * after the last one the document is `failed` with the reason. Nothing is kept in memory: the schedule is the stream.
 */
export class SubmitDocument {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly provider: DocumentProvider,
    private readonly outcomes: OutcomeRecorder,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly policy: SubmissionRetryPolicy = SUBMISSION_RETRY,
    private readonly random: () => number = Math.random,
    /** Recorded on the events of each attempt: which instance made it. */
    private readonly instance?: string,
  ) {}

  /**
   * The first attempt, made only by the worker that claims it; a replay finds it claimed and leaves it be. `seen`: the
   * stream's first events as the caller received them, so the claim need not read them back (checked on append).
   */
  async first(streamId: string, requested: RequestContext, seen?: RecordedEvent[]): Promise<void> {
    const context = { ...requested, instance: this.instance };
    const command = { type: 'StartSubmission' as const, leaseMs: this.policy.leaseMs, now: this.clock.now() };
    const loaded = seen ? this.aggregates.fold(seen, documentDecider) : undefined;
    const started = await this.aggregates.handle(streamId, documentDecider, command, context, loaded);
    if (!started.events.some((event) => event.type === 'DocumentSubmissionStarted')) return;
    await this.attempt(streamId, started.state, started.expected, 1, context);
  }

  /** A later attempt, when one is due (a retry, or an attempt whose worker vanished); answers whether this call made it. */
  async retry(streamId: string, actor: string): Promise<boolean> {
    const loaded = await this.aggregates.load(streamId, documentDecider);
    if (loaded.state.status !== 'sent') return false;
    const context = { ...laterSubmissionContext(loaded.events, actor), instance: this.instance };
    const command = { type: 'StartRetry' as const, leaseMs: this.policy.leaseMs, now: this.clock.now() };
    const claimed = await this.aggregates.handle(streamId, documentDecider, command, context, loaded);
    const start = claimed.events.find((event): event is DocumentSubmissionRetryStarted => event.type === 'DocumentSubmissionRetryStarted');
    if (!start) return false;
    await this.attempt(streamId, claimed.state, claimed.expected, start.data.attempt, context);
    return true;
  }

  /**
   * The stream's revision when the document has no submission left to retry (it is not `sent`: validated, rejected,
   * failed, cancelled...); undefined while one may still be due.
   */
  async settledRevision(streamId: string): Promise<bigint | undefined> {
    const loaded = await this.aggregates.load(streamId, documentDecider);
    return revisionOnceSettled(loaded, loaded.state.status === 'sent');
  }

  private async attempt(streamId: string, document: DocumentState, revision: ExpectedRevision, number: number, context: RequestContext): Promise<void> {
    const attempt: SubmissionAttempt = { number, resumed: number > 1, confirm: (forMs) => this.confirm(streamId, number, forMs, context) };
    let outcome;
    try {
      outcome = await this.provider.submit(document, attempt);
    } catch (error) {
      if (error instanceof AttemptSupersededError) {
        this.logger.warn({ documentId: document.id, attempt: number }, 'submission taken over by another worker; not sent from here');
        return;
      }
      if (!(error instanceof ProviderUnavailableError)) throw error;
      return this.recordUnavailable(streamId, document, number, error, context);
    }
    await this.outcomes.record(document, outcome, context, revision);
  }

  /** The claim is still this attempt's, and lasts `forMs` more (extended on the stream when it would not). */
  private async confirm(streamId: string, number: number, forMs: number, context: RequestContext): Promise<void> {
    const now = this.clock.now();
    const command = { type: 'ExtendSubmissionLease' as const, attempt: number, leaseMs: Math.max(forMs, this.policy.leaseMs), now };
    const loaded = await this.aggregates.load(streamId, documentDecider);
    const mine = (state: DocumentState) => state.status === 'sent' && currentAttempt(state) === number;
    if (!mine(loaded.state)) throw new AttemptSupersededError(loaded.state.id, number);
    const leaseEnd = Date.parse(loaded.state.nextAttemptAt ?? '');
    if (leaseEnd - now.getTime() >= forMs) return;
    const extended = await this.aggregates.handle(streamId, documentDecider, command, context, loaded);
    if (!mine(extended.state) || extended.events.length === 0) throw new AttemptSupersededError(loaded.state.id, number);
  }

  private async recordUnavailable(streamId: string, document: DocumentState, attempt: number, error: ProviderUnavailableError, context: RequestContext): Promise<void> {
    const now = this.clock.now();
    if (attempt >= this.policy.maxAttempts) {
      const reason = `provider ${this.provider.name} unavailable after ${attempt} attempts: ${error.message}`;
      this.logger.error({ documentId: document.id, attempt, reason }, 'submission failed');
      await this.aggregates.handle(streamId, documentDecider, { type: 'RecordFailure', reason, now }, context);
      return;
    }
    const retryAt = new Date(now.getTime() + retryDelay(this.policy, attempt, this.random, error.retryAfterMs));
    this.logger.warn({ documentId: document.id, attempt, retryAt, err: error }, 'provider unavailable; retry scheduled');
    await this.aggregates.handle(streamId, documentDecider, { type: 'RecordAttemptFailure', attempt, reason: error.message, retryAt, now }, context);
  }
}
