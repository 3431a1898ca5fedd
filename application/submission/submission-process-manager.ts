import { documentStreamId, familyOfStream } from '../../domain/documents/families/index.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';
import { submissionContext } from './submission-context.ts';
import type { SubmitDocument } from './submit-document.ts';

/**
 * Drives a document from pending to a final state: records the intent (sent) before calling the provider,
 * then records the answer, or the temporary fault and when to try again (the SubmissionScheduler retries).
 * Replaying any of its events is harmless: the provider is idempotent by document id and the decider ignores
 * outcomes a document no longer waits for.
 */
export class SubmissionProcessManager implements EventHandler {
  readonly name = 'submission';
  readonly kind = 'process-manager' as const;
  /** Creation (or a draft's transmission) is enough: a crash after the intent was recorded replays it, finds `sent`, and resumes. */
  readonly filter = { eventTypes: ['DocumentCreated', 'DocumentTransmissionRequested'] };

  constructor(private readonly submit: SubmitDocument) {}

  async handle(event: RecordedEvent): Promise<void> {
    const family = familyOfStream(event.streamId);
    if (!family) throw new Error(`stream ${event.streamId} belongs to no document family`);
    const streamId = documentStreamId(family, String(event.data.documentId));
    // A creation is its stream's first event, already read: reading it back took about 2 % of the workers thread under load.
    const seen = event.type === 'DocumentCreated' && event.revision === 0n && event.streamId === streamId ? [event] : undefined;
    await this.submit.first(streamId, submissionContext(event, event, `system:${this.name}`), seen);
  }
}
