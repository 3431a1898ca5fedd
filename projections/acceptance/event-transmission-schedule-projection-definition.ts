import { EVENT_TRANSMISSION_SCHEDULE_COLLECTION } from '../../application/acceptance/event-transmission-schedule.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { EventTransmissionScheduleProjection } from './event-transmission-schedule-projection.ts';

export const eventTransmissionScheduleProjection: ProjectionDefinition = {
  name: 'acceptance-event-transmission-schedule',
  description: 'Durable timers of own acceptance events sent to DIAN (PROVIDER=dian): when each event’s next attempt is due',
  collections: [EVENT_TRANSMISSION_SCHEDULE_COLLECTION],
  create: ({ collections }) => new EventTransmissionScheduleProjection(collections.of(EVENT_TRANSMISSION_SCHEDULE_COLLECTION)),
};
