import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { WEBHOOK_SCHEDULE_COLLECTION } from '../../application/webhooks/webhook-delivery-schedule.ts';
import { WebhookScheduleProjection } from './webhook-schedule-projection.ts';

export const webhookScheduleProjection: ProjectionDefinition = {
  name: 'webhook-schedule',
  description: 'Durable timers of webhook delivery: when each endpoint-and-subject queue next needs work',
  collections: [WEBHOOK_SCHEDULE_COLLECTION],
  create: ({ collections }) => new WebhookScheduleProjection(collections.of(WEBHOOK_SCHEDULE_COLLECTION)),
};
