import type { RecordedEvent } from '../ports/event-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';
import type { TransmitAcceptanceEvent } from './transmit-acceptance-event.ts';

/**
 * Sends every own acceptance event recorded to be sent to DIAN (030–033 by a receiving company, 034 by an issuer) as soon
 * as it is recorded. Retries and attempts whose worker vanished are due work the EventTransmissionScheduler picks up; a
 * replayed event finds its attempt claimed or answered and sends nothing.
 */
export class EventTransmissionProcessManager implements EventHandler {
  readonly name = 'acceptance-event-transmission';
  readonly kind = 'process-manager' as const;
  readonly filter = { eventTypes: ['AcceptanceEventRecorded'] };

  constructor(private readonly transmit: TransmitAcceptanceEvent) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (event.data.transmitTo !== 'dian') return;
    await this.transmit.attempt(String(event.data.invoiceId), String(event.data.number), `system:${this.name}`);
  }
}
