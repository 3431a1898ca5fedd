import { webhookQueueDecider } from '../../domain/webhooks/webhook-queue-decider.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { WebhookDeliveryRow } from './webhook-delivery-row.ts';
import type { WebhookEndpoint } from './webhook-endpoint.ts';
import type { WebhookEvent } from './webhook-event.ts';
import type { QueuedWebhook, WebhookQueues } from './webhook-queues.ts';

export type RetryResult =
  | { kind: 'queued'; delivery: QueuedWebhook }
  | { kind: 'not_found' }
  /** The delivery is still being attempted: a retry would only queue behind it. */
  | { kind: 'pending'; nextAttemptAt: string | null };

/** One more delivery of a finished delivery's event (same webhook-id), queued behind what its queue holds. */
export class RetryWebhookDelivery {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly rows: ReadModelCollection<WebhookDeliveryRow>,
    private readonly queues: WebhookQueues,
  ) {}

  async execute(endpoint: WebhookEndpoint, deliveryId: string, context: RequestContext): Promise<RetryResult> {
    const row = await this.rows.get({ tenantId: endpoint.tenantId, environment: endpoint.environment, id: deliveryId });
    if (!row || row.endpointId !== endpoint.id) return { kind: 'not_found' };
    // The queue itself says where the delivery stands: the log may be ahead of the row.
    const { state } = await this.aggregates.load(row.queueStreamId, webhookQueueDecider);
    const delivery = state.deliveries.find((candidate) => candidate.deliveryId === deliveryId);
    if (!delivery) return { kind: 'not_found' };
    if (delivery.status === 'pending') return { kind: 'pending', nextAttemptAt: delivery.inFlight ? null : delivery.nextAttemptAt };
    const [queued] = await this.queues.queue(endpoint.id, 'retry', [delivery.notification as WebhookEvent], context);
    return { kind: 'queued', delivery: queued };
  }
}
