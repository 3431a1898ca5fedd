import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { WEBHOOK_EVENTS_COLLECTION } from '../../application/webhooks/webhook-event-row.ts';
import { WebhookEventsProjection } from './webhook-events-projection.ts';

export const webhookEventsProjection: ProjectionDefinition = {
  name: 'webhook-events',
  description: 'Every webhook notification of each company, in log order: what replays re-send',
  collections: [WEBHOOK_EVENTS_COLLECTION],
  create: ({ collections }) => new WebhookEventsProjection(collections.of(WEBHOOK_EVENTS_COLLECTION)),
};
