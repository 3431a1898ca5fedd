import type { Logger } from 'pino';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { DocumentSubmissionRetryStarted } from '../../domain/documents/submission/submission-retry-events.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import { ProviderUnavailableError, type DocumentProvider } from '../ports/document-provider.ts';
import type { OutcomeRecorder } from './outcome-recorder.ts';
import { laterSubmissionContext } from './submission-context.ts';
import { retryDelay, SUBMISSION_RETRY, type SubmissionRetryPolicy } from './submission-retry-policy.ts';

/**
 * One attempt to hand a document to the provider. Each attempt is claimed on the document's stream before the
 * call (DocumentSubmissionStarted for the first, DocumentSubmissionRetryStarted for a retry), so racing workers
 * make it once; a temporary fault is recorded with the time of the next attempt, and after the last one the
 * document is `failed` with the reason. Nothing is kept in memory: the schedule is the stream.
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
  ) {}

  /** The first attempt; after a crash it resumes only while that attempt's answer is unknown. */
  async first(streamId: string, context: RequestContext): Promise<void> {
    const started = await this.aggregates.handle(streamId, documentDecider, { type: 'StartSubmission', now: this.clock.now() }, context);
    const document = started.state;
    if (document.status !== 'sent' || document.nextAttemptAt !== null) return;
    await this.attempt(streamId, document, 1, context);
  }

  /** A retry, when one is due; answers whether this call made it. */
  async retry(streamId: string, actor: string): Promise<boolean> {
    const loaded = await this.aggregates.load(streamId, documentDecider);
    if (loaded.state.status !== 'sent') return false;
    const context = laterSubmissionContext(loaded.events, actor);
    const command = { type: 'StartRetry' as const, leaseMs: this.policy.leaseMs, now: this.clock.now() };
    const claimed = await this.aggregates.handle(streamId, documentDecider, command, context, loaded);
    const start = claimed.events.find((event): event is DocumentSubmissionRetryStarted => event.type === 'DocumentSubmissionRetryStarted');
    if (!start) return false;
    await this.attempt(streamId, claimed.state, start.data.attempt, context);
    return true;
  }

  private async attempt(streamId: string, document: DocumentState, attempt: number, context: RequestContext): Promise<void> {
    let outcome;
    try {
      outcome = await this.provider.submit(document);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      return this.recordUnavailable(streamId, document, attempt, error, context);
    }
    await this.outcomes.record(document, outcome, context);
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
