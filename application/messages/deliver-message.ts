import type { Logger } from 'pino';
import type { DeliveryOutcome } from '../../domain/messages/delivery-outcome.ts';
import { messageDecider } from '../../domain/messages/message-decider.ts';
import type { MessageRecord } from '../../domain/messages/message-events.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { MailTransport, OutgoingMail } from '../ports/mail-transport.ts';
import type { AttachmentStore } from './attachment-store.ts';
import { messageStreamId } from './message-streams.ts';
import { revisionOnceSettled } from '../scheduling/revision-once-settled.ts';

/** How long an attempt may go unanswered before it counts as interrupted (longer than the SMTP timeouts). */
export const ATTEMPT_LEASE_MS = 5 * 60_000;

/**
 * One delivery attempt: records the intent (MessageAttemptStarted) only when an attempt is due, sends, and
 * records the outcome. Racing callers (the process manager, the scheduler, another instance) start it once:
 * the append of the intent is guarded by the stream revision.
 */
export class DeliverMessage {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly transport: MailTransport,
    private readonly attachments: AttachmentStore,
    private readonly clock: Clock,
    private readonly senderAddress: string,
    private readonly logger: Logger,
  ) {}

  /** The stream's revision when the message has no delivery step left (sent, failed or blocked); undefined otherwise. */
  async settledRevision(messageId: string): Promise<bigint | undefined> {
    const loaded = await this.aggregates.load(messageStreamId(messageId), messageDecider);
    return revisionOnceSettled(loaded, loaded.state.status === 'queued' || loaded.state.status === 'none');
  }

  /** Answers the outcome, or null when no attempt was due. */
  async attempt(messageId: string, actor: string): Promise<DeliveryOutcome | null> {
    const streamId = messageStreamId(messageId);
    const loaded = await this.aggregates.load(streamId, messageDecider);
    const record = loaded.state.record;
    if (!record) return null;
    const first = loaded.events[0];
    const context: RequestContext = {
      tenantId: record.tenantId,
      environment: record.environment,
      actor,
      correlationId: String(first.metadata.$correlationId ?? first.id),
      causationId: loaded.events[loaded.events.length - 1].id,
    };
    const started = await this.aggregates.handle(streamId, messageDecider, { type: 'StartAttempt', leaseMs: ATTEMPT_LEASE_MS, now: this.clock.now() }, context, loaded);
    const start = started.events.find((event) => event.type === 'MessageAttemptStarted');
    if (!start) return null;

    let outcome: DeliveryOutcome;
    try {
      outcome = await this.transport.send(await this.compose(record));
    } catch (error) {
      outcome = { kind: 'temporary', error: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.kind !== 'sent') this.logger.warn({ messageId, attempt: start.data.attempt, outcome }, 'delivery attempt failed');
    await this.aggregates.handle(streamId, messageDecider, { type: 'RecordDelivery', attempt: start.data.attempt, outcome, now: this.clock.now() }, context);
    return outcome;
  }

  private async compose(record: MessageRecord): Promise<OutgoingMail> {
    return {
      messageId: record.messageId,
      from: { name: record.fromName, address: this.senderAddress },
      to: record.to,
      replyTo: record.replyTo,
      subject: record.subject,
      html: record.html,
      text: record.text,
      attachments: record.attachmentsStream ? await this.attachments.get(record.attachmentsStream) : [],
    };
  }
}
