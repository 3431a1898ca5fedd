import type { RecordedEvent } from '../ports/event-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';
import type { QueueWork } from './delivery-pool.ts';
import type { WebhookEndpointDirectory } from './webhook-endpoint.ts';
import { WEBHOOK_SOURCE_EVENT_TYPES, webhookEventsOf } from './webhook-events-of.ts';
import type { WebhookQueues } from './webhook-queues.ts';

/**
 * The process manager `webhook-dispatch`: turns each event of the log into its notifications and queues each one for
 * every endpoint of the company that subscribed to it when the event happened. It never waits for a POST: it hands
 * each queue to `kick` (the delivery pool, which refuses when full; the scheduler then picks the queue up).
 */
export class WebhookDispatcher implements EventHandler {
  readonly name = 'webhook-dispatch';
  readonly kind = 'process-manager' as const;
  readonly filter = { eventTypes: WEBHOOK_SOURCE_EVENT_TYPES };

  constructor(
    private readonly directory: WebhookEndpointDirectory,
    private readonly queues: WebhookQueues,
    private readonly kick: (work: QueueWork) => void,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    for (const notification of webhookEventsOf(event)) {
      const { tenantId, environment } = notification;
      const endpoints = await this.directory.subscribersAt(tenantId, environment, notification.type, event.position);
      for (const endpoint of endpoints) {
        const context = {
          tenantId,
          environment,
          actor: `system:${this.name}`,
          correlationId: String(event.metadata.$correlationId ?? event.id),
          causationId: event.id,
        };
        for (const queued of await this.queues.queue(endpoint.id, 'event', [notification], context)) this.kick(queued);
      }
    }
  }
}
