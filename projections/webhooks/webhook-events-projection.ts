import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import { paddedPosition, type WebhookEventRow } from '../../application/webhooks/webhook-event-row.ts';
import { WEBHOOK_SOURCE_EVENT_TYPES, webhookEventsOf } from '../../application/webhooks/webhook-events-of.ts';

/** Every notification of every company (whether or not an endpoint took it then): what replays read. */
export class WebhookEventsProjection implements EventHandler {
  readonly name = 'webhook-events';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: WEBHOOK_SOURCE_EVENT_TYPES };

  constructor(private readonly rows: ReadModelCollection<WebhookEventRow>) {}

  async handle(event: RecordedEvent): Promise<void> {
    for (const notification of webhookEventsOf(event)) {
      const { id, type, createdAt, subject, source, tenantId, environment } = notification;
      if (!source) continue;
      const row: WebhookEventRow = { id, type, createdAt, subject, source, position: paddedPosition(source.position) };
      await this.rows.upsert({ tenantId, environment, id }, event.revision, row);
    }
  }
}
