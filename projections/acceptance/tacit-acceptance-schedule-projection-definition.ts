import { TACIT_ACCEPTANCE_SCHEDULE_COLLECTION } from '../../application/acceptance/tacit-acceptance-schedule.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { TacitAcceptanceScheduleProjection } from './tacit-acceptance-schedule-projection.ts';

export const tacitAcceptanceScheduleProjection: ProjectionDefinition = {
  name: 'tacit-acceptance-schedule',
  description: 'Durable timers of tacit acceptance (034): when each credit invoice with 032 falls due',
  collections: [TACIT_ACCEPTANCE_SCHEDULE_COLLECTION],
  create: ({ collections }) => new TacitAcceptanceScheduleProjection(collections.of(TACIT_ACCEPTANCE_SCHEDULE_COLLECTION)),
};
