import type { Logger } from 'pino';
import { acceptanceDecider } from '../../domain/acceptance/acceptance-decider.ts';
import { acceptanceStreamId, type AcceptanceEventRecorded } from '../../domain/acceptance/acceptance-events.ts';
import type { AcceptanceState } from '../../domain/acceptance/acceptance-state.ts';
import type { AcceptanceEventTransmissionStarted } from '../../domain/acceptance/transmission-events.ts';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import { documentStreamId, salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import { EventNotTransmittableError, type AcceptanceEventTransmitter } from '../ports/acceptance-event-transmitter.ts';
import type { Clock } from '../ports/clock.ts';
import { ProviderUnavailableError } from '../ports/document-provider.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import type { EventXmlRenderer } from '../ports/event-xml-renderer.ts';
import { retryDelay, type SubmissionRetryPolicy } from '../submission/submission-retry-policy.ts';
import { EVENT_TRANSMISSION_RETRY } from './event-transmission-retry.ts';
import { revisionOnceSettled } from '../scheduling/revision-once-settled.ts';

/** The recorded event of number `eventNumber` (its data names the sender) in the stream as read. */
function recordedEvent(events: readonly RecordedEvent[], eventNumber: string): RecordedEvent | undefined {
  return events.find((event) => event.type === 'AcceptanceEventRecorded' && event.data.number === eventNumber);
}

/**
 * One attempt to send an own acceptance event to DIAN. The attempt is claimed on the trail's stream first (intent,
 * with a lease): only the worker whose append won renders, signs and sends, so racing workers and instances send each
 * attempt once. DIAN's answer is recorded on the trail; an unavailable DIAN defers the event with back-off until the
 * attempts run out (then `failed`), and an event that cannot be sent at all fails at once with the reason.
 */
export class TransmitAcceptanceEvent {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly renderer: EventXmlRenderer,
    private readonly transmitter: AcceptanceEventTransmitter,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly policy: SubmissionRetryPolicy = EVENT_TRANSMISSION_RETRY,
    private readonly random: () => number = Math.random,
  ) {}

  /** The trail's revision when event `eventNumber` is no longer to be sent (answered, failed, or not sent); else undefined. */
  async settledRevision(invoiceId: string, eventNumber: string): Promise<bigint | undefined> {
    const loaded = await this.aggregates.load(acceptanceStreamId(invoiceId), acceptanceDecider);
    const record = loaded.state.records.find((candidate) => candidate.number === eventNumber);
    return revisionOnceSettled(loaded, record?.dian?.status === 'pending');
  }

  /** Makes the attempt due now for event `eventNumber` of the invoice's trail; answers whether this call made one. */
  async attempt(invoiceId: string, eventNumber: string, actor: string): Promise<boolean> {
    const streamId = acceptanceStreamId(invoiceId);
    const loaded = await this.aggregates.load(streamId, acceptanceDecider);
    const recorded = recordedEvent(loaded.events, eventNumber);
    if (!recorded || loaded.state.records.find((record) => record.number === eventNumber)?.dian?.status !== 'pending') return false;
    const context: RequestContext = {
      tenantId: String(recorded.metadata.tenantId),
      environment: String(recorded.metadata.environment),
      actor,
      correlationId: String(recorded.metadata.$correlationId ?? recorded.id),
      causationId: loaded.events[loaded.events.length - 1].id,
    };
    const command = { type: 'StartEventTransmission' as const, invoiceId, eventNumber, leaseMs: this.policy.leaseMs, now: this.clock.now() };
    const claimed = await this.aggregates.handle(streamId, acceptanceDecider, command, context, loaded);
    const start = claimed.events.find((event): event is AcceptanceEventTransmissionStarted => event.type === 'AcceptanceEventTransmissionStarted');
    if (!start) return false;
    await this.send(invoiceId, recorded.data as AcceptanceEventRecorded['data'], claimed.state, start.data.attempt, context);
    return true;
  }

  private async send(invoiceId: string, data: AcceptanceEventRecorded['data'], trail: AcceptanceState, attempt: number, context: RequestContext): Promise<void> {
    const streamId = acceptanceStreamId(invoiceId);
    const eventNumber = data.number;
    const record = trail.records.find((candidate) => candidate.number === eventNumber)!;
    try {
      const senderTenantId = data.actor.role === 'receiver' ? data.receiverTenantId : context.tenantId;
      if (!senderTenantId) throw new EventNotTransmittableError(`event ${eventNumber} names no sending company (receiver tenant missing)`);
      const { state: invoice } = await this.aggregates.load(documentStreamId(salesInvoiceFamily, invoiceId), documentDecider);
      const xml = await this.renderer.render({ invoice, record, trail, senderTenantId, environment: context.environment });
      const sent = await this.transmitter.transmit({ senderTenantId, environment: context.environment, senderNit: data.actor.nit, xml });
      const answered = { type: 'RecordEventTransmission' as const, invoiceId, eventNumber, attempt, answer: sent.answer, fileName: sent.fileName, now: this.clock.now() };
      const handled = await this.aggregates.handle(streamId, acceptanceDecider, answered, context);
      const dian = handled.state.records.find((candidate) => candidate.number === eventNumber)?.dian;
      if (dian?.status === 'rejected') this.logger.warn({ invoiceId, eventNumber, code: record.code, dian }, 'DIAN rejected an acceptance event');
    } catch (error) {
      if (error instanceof EventNotTransmittableError) return this.fault(invoiceId, eventNumber, attempt, error.message, null, context);
      if (!(error instanceof ProviderUnavailableError)) throw error;
      const now = this.clock.now();
      if (attempt >= this.policy.maxAttempts) {
        const reason = `DIAN unavailable after ${attempt} attempts: ${error.message}`;
        this.logger.error({ invoiceId, eventNumber, attempt, reason }, 'acceptance event not sent to DIAN');
        return this.fault(invoiceId, eventNumber, attempt, reason, null, context);
      }
      const retryAt = new Date(now.getTime() + retryDelay(this.policy, attempt, this.random, error.retryAfterMs));
      this.logger.warn({ invoiceId, eventNumber, attempt, retryAt, err: error }, 'DIAN unavailable; acceptance event retry scheduled');
      return this.fault(invoiceId, eventNumber, attempt, error.message, retryAt, context);
    }
  }

  private async fault(invoiceId: string, eventNumber: string, attempt: number, reason: string, retryAt: Date | null, context: RequestContext): Promise<void> {
    const command = { type: 'RecordEventTransmissionFault' as const, invoiceId, eventNumber, attempt, reason, retryAt, now: this.clock.now() };
    await this.aggregates.handle(acceptanceStreamId(invoiceId), acceptanceDecider, command, context);
  }
}
