import { DELIVERY_SCHEDULE_COLLECTION, type DeliveryDueRow } from '../../application/messages/delivery-schedule.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import { DeliveryScheduleProjection } from './delivery-schedule-projection.ts';

export const deliveryScheduleProjection: ProjectionDefinition = {
  name: 'message-schedule',
  description: 'Durable timers of message delivery: when each message’s next attempt is due',
  collections: [DELIVERY_SCHEDULE_COLLECTION],
  create: (collections) => new DeliveryScheduleProjection(collections[DELIVERY_SCHEDULE_COLLECTION.name] as unknown as ReadModelCollection<DeliveryDueRow>),
};
