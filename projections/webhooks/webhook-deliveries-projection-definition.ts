import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { WEBHOOK_DELIVERIES_COLLECTION } from '../../application/webhooks/webhook-delivery-row.ts';
import { WebhookDeliveriesProjection } from './webhook-deliveries-projection.ts';

export const webhookDeliveriesProjection: ProjectionDefinition = {
  name: 'webhook-deliveries',
  description: 'The webhook delivery log: each delivery to an endpoint with its attempts (time, status, duration, response excerpt)',
  collections: [WEBHOOK_DELIVERIES_COLLECTION],
  create: ({ collections }) => new WebhookDeliveriesProjection(collections.of(WEBHOOK_DELIVERIES_COLLECTION)),
};
