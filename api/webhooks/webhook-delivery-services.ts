import type { ListWebhookDeliveries } from '../../application/webhooks/list-webhook-deliveries.ts';
import type { ReplayWebhookEvents } from '../../application/webhooks/replay-webhook-events.ts';
import type { RetryWebhookDelivery } from '../../application/webhooks/retry-webhook-delivery.ts';
import type { SendTestWebhook } from '../../application/webhooks/send-test-webhook.ts';
import type { WebhookEndpointDirectory } from '../../application/webhooks/webhook-endpoint.ts';

/** What the delivery log, retry, replay and test routes need from the application. */
export interface WebhookDeliveryServices {
  directory: WebhookEndpointDirectory;
  listDeliveries: ListWebhookDeliveries;
  retryDelivery: RetryWebhookDelivery;
  replayEvents: ReplayWebhookEvents;
  sendTest: SendTestWebhook;
}
