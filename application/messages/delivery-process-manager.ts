import type { RecordedEvent } from '../ports/event-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';
import type { DeliverMessage } from './deliver-message.ts';

/**
 * Makes the first delivery attempt of every queued message. Retries are due work the DeliveryScheduler picks up;
 * a replayed MessageQueued finds no attempt due and does nothing.
 */
export class DeliveryProcessManager implements EventHandler {
  readonly name = 'message-delivery';
  readonly kind = 'process-manager' as const;
  readonly filter = { eventTypes: ['MessageQueued'] };

  constructor(private readonly deliver: DeliverMessage) {}

  async handle(event: RecordedEvent): Promise<void> {
    await this.deliver.attempt(String(event.data.messageId), `system:${this.name}`);
  }
}
