import type { Logger } from 'pino';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import { documentStreamId, familyOfStream } from '../../domain/documents/families.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import { ProviderUnavailableError, type DocumentProvider } from '../ports/document-provider.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';
import type { OutcomeRecorder } from './outcome-recorder.ts';
import { withRetry, type RetryPolicy } from '../subscriptions/retry-policy.ts';

export const SUBMISSION_RETRY: RetryPolicy = { maxAttempts: 5, initialDelayMs: 200, maxDelayMs: 5_000 };

/**
 * Drives a document from pending to a final state: records the intent (sent) before calling the provider,
 * then records the answer. Replaying any of its events is harmless: the provider is idempotent by document id
 * and the decider ignores outcomes a document no longer waits for.
 */
export class SubmissionProcessManager implements EventHandler {
  readonly name = 'submission';
  readonly kind = 'process-manager' as const;
  /** Creation is enough: a crash after the intent was recorded replays the creation, finds `sent`, and resumes. */
  readonly filter = { eventTypes: ['DocumentCreated'] };

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly provider: DocumentProvider,
    private readonly outcomes: OutcomeRecorder,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly retry: RetryPolicy = SUBMISSION_RETRY,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const family = familyOfStream(event.streamId);
    if (!family) throw new Error(`stream ${event.streamId} belongs to no document family`);
    const streamId = documentStreamId(family, String(event.data.documentId));
    const context: RequestContext = {
      tenantId: String(event.metadata.tenantId),
      environment: String(event.metadata.environment),
      actor: `system:${this.name}`,
      correlationId: String(event.metadata.$correlationId ?? event.id),
      causationId: event.id,
    };

    const started = await this.aggregates.handle(streamId, documentDecider, { type: 'StartSubmission', now: this.clock.now() }, context);
    const document = started.state;
    if (document.status !== 'sent') return;

    try {
      const outcome = await withRetry(
        this.retry,
        () => this.provider.submit(document),
        (error, attempt, delayMs) => this.logger.warn({ err: error, documentId: document.id, attempt, delayMs }, 'provider unavailable; retrying'),
        undefined,
        (error) => error instanceof ProviderUnavailableError,
      );
      await this.outcomes.record(document, outcome, context);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      await this.aggregates.handle(
        streamId,
        documentDecider,
        { type: 'RecordFailure', reason: `provider ${this.provider.name} unavailable after ${this.retry.maxAttempts} attempts: ${error.message}`, now: this.clock.now() },
        context,
      );
    }
  }
}
