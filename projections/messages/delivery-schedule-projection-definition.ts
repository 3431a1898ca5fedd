import { DELIVERY_SCHEDULE_COLLECTION } from '../../application/messages/delivery-schedule.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { DeliveryScheduleProjection } from './delivery-schedule-projection.ts';

export const deliveryScheduleProjection: ProjectionDefinition = {
  name: 'message-schedule',
  description: 'Durable timers of message delivery: when each message’s next attempt is due',
  collections: [DELIVERY_SCHEDULE_COLLECTION],
  create: ({ collections }) => new DeliveryScheduleProjection(collections.of(DELIVERY_SCHEDULE_COLLECTION)),
};
