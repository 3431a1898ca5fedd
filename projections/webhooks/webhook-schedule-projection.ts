import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import { WEBHOOK_SCHEDULE_PARTITION, type WebhookDueRow } from '../../application/webhooks/webhook-delivery-schedule.ts';
import { WEBHOOK_QUEUE_EVENT_TYPES } from '../../domain/webhooks/webhook-queue-events.ts';

/** The durable timers of webhook delivery: one row per queue, due when its latest event says. */
export class WebhookScheduleProjection implements EventHandler {
  readonly name = 'webhook-schedule';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: WEBHOOK_QUEUE_EVENT_TYPES };

  constructor(private readonly rows: ReadModelCollection<WebhookDueRow>) {}

  async handle(event: RecordedEvent): Promise<void> {
    const row: WebhookDueRow = {
      queueStreamId: event.streamId,
      endpointId: String(event.data.endpointId),
      tenantId: String(event.metadata.tenantId),
      environment: String(event.metadata.environment),
      dueAt: (event.data.dueAt as string | null) ?? null,
      revision: Number(event.revision),
    };
    await this.rows.upsert({ ...WEBHOOK_SCHEDULE_PARTITION, id: event.streamId }, event.revision, row);
  }
}
