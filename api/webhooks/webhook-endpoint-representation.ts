import type { WebhookEndpoint } from '../../application/webhooks/webhook-endpoint.ts';

export const WEBHOOK_ENDPOINTS_BASE = '/v1/webhook-endpoints';

/** An endpoint as GET answers it: never with a secret. */
export function webhookEndpointRepresentation(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    status: endpoint.disabled ? 'disabled' : 'enabled',
    disabled_reason: endpoint.disabledReason,
    failing_since: endpoint.failingSince,
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
  };
}
