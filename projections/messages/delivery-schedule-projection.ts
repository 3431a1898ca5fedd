import { ATTEMPT_LEASE_MS } from '../../application/messages/deliver-message.ts';
import { SCHEDULE_PARTITION, type DeliveryDueRow } from '../../application/messages/delivery-schedule.ts';
import { toDomainEvent } from '../../application/event-sourcing/domain-event.ts';
import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import { MESSAGE_EVENT_TYPES, type MessageEvent } from '../../domain/messages/message-events.ts';

const later = (at: string, ms: number) => new Date(new Date(at).getTime() + ms).toISOString();

/** When the next step of a message is due, as decided by its latest event alone. */
function dueAt(event: MessageEvent | undefined): string | null {
  switch (event?.type) {
    // The process manager makes the first attempt at once; this only catches one it never made.
    case 'MessageQueued':
      return later(event.data.at, ATTEMPT_LEASE_MS);
    case 'MessageAttemptStarted':
      return event.data.leaseUntil;
    case 'MessageAttemptFailed':
      return event.data.nextAttemptAt;
    default:
      return null;
  }
}

/**
 * The durable timers of message delivery: one row per message with a step still due, in the scheduler's partition. A
 * message sent or failed leaves the table (removed under its revision), so it holds the deliveries in flight; a timer
 * brought back by an older event handled late is the scheduler's to drop.
 */
export class DeliveryScheduleProjection implements EventHandler {
  readonly name = 'message-schedule';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: ['MessageQueued', 'MessageAttemptStarted', 'MessageAttemptFailed', 'MessageSent', 'MessageFailed'] };

  constructor(private readonly rows: ReadModelCollection<DeliveryDueRow>) {}

  async handle(event: RecordedEvent): Promise<void> {
    const messageId = String(event.data.messageId);
    const key = { ...SCHEDULE_PARTITION, id: messageId };
    const due = dueAt(toDomainEvent<MessageEvent>(event, MESSAGE_EVENT_TYPES));
    if (due === null) {
      await this.rows.remove(key, event.revision);
      return;
    }
    const row: DeliveryDueRow = { messageId, tenantId: String(event.metadata.tenantId), environment: String(event.metadata.environment), dueAt: due };
    await this.rows.upsert(key, event.revision, row);
  }
}
