import type { DeliveryReason } from '../../domain/webhooks/webhook-queue-events.ts';
import { webhookQueueDecider } from '../../domain/webhooks/webhook-queue-decider.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { WebhookEvent } from './webhook-event.ts';
import { webhookDeliveryId, webhookQueueStreamId } from './webhook-queue-streams.ts';

/** A delivery that was added to a queue. */
export interface QueuedWebhook {
  deliveryId: string;
  endpointId: string;
  queueStreamId: string;
  event: WebhookEvent;
  queuedAt: string;
}

/** Adds deliveries to the queues of one endpoint: one queue per subject, in the order given. */
export class WebhookQueues {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Answers the deliveries queued (an event of the log already queued to the endpoint is not queued again). */
  async queue(endpointId: string, reason: DeliveryReason, events: readonly WebhookEvent[], context: RequestContext): Promise<QueuedWebhook[]> {
    const bySubject = new Map<string, WebhookEvent[]>();
    for (const event of events) bySubject.set(event.subject, [...(bySubject.get(event.subject) ?? []), event]);
    const queued: QueuedWebhook[] = [];
    for (const [subject, ofSubject] of bySubject) {
      const queueStreamId = webhookQueueStreamId(endpointId, subject);
      const deliveries = ofSubject.map((notification) => ({ deliveryId: webhookDeliveryId(this.ids.uuid()), notification }));
      const handled = await this.aggregates.handle(
        queueStreamId,
        webhookQueueDecider,
        { type: 'QueueDeliveries', endpointId, reason, deliveries, now: this.clock.now() },
        context,
      );
      for (const event of handled.events) {
        if (event.type !== 'WebhookDeliveryQueued') continue;
        queued.push({ deliveryId: event.data.deliveryId, endpointId, queueStreamId, event: event.data.notification as WebhookEvent, queuedAt: event.data.at });
      }
    }
    return queued;
  }
}
