import { TEST_EVENT_TYPE } from '../../domain/webhooks/webhook-event-types.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { WebhookEndpoint } from './webhook-endpoint.ts';
import { webhookEventId, type WebhookEvent } from './webhook-event.ts';
import type { QueuedWebhook, WebhookQueues } from './webhook-queues.ts';

/** The object of a `webhook.test` notification: the endpoint it was sent to. */
export function testObject(endpoint: WebhookEndpoint): Record<string, unknown> {
  return { id: endpoint.id, object: 'webhook_endpoint', url: endpoint.url, description: endpoint.description };
}

/** Queues a `webhook.test` notification to the endpoint, whatever it subscribes to; its own queue, so it waits for nothing. */
export class SendTestWebhook {
  constructor(
    private readonly queues: WebhookQueues,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(endpoint: WebhookEndpoint, context: RequestContext): Promise<QueuedWebhook> {
    const id = webhookEventId(this.ids.uuid());
    const event: WebhookEvent = {
      id,
      type: TEST_EVENT_TYPE,
      tenantId: endpoint.tenantId,
      environment: endpoint.environment,
      createdAt: this.clock.now().toISOString(),
      subject: id,
      object: testObject(endpoint),
    };
    const [queued] = await this.queues.queue(endpoint.id, 'test', [event], context);
    return queued;
  }
}
