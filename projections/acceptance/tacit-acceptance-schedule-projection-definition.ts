import { TACIT_ACCEPTANCE_SCHEDULE_COLLECTION, type TacitAcceptanceDueRow } from '../../application/acceptance/tacit-acceptance-schedule.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import { TacitAcceptanceScheduleProjection } from './tacit-acceptance-schedule-projection.ts';

export const tacitAcceptanceScheduleProjection: ProjectionDefinition = {
  name: 'tacit-acceptance-schedule',
  description: 'Durable timers of tacit acceptance (034): when each credit invoice with 032 falls due',
  collections: [TACIT_ACCEPTANCE_SCHEDULE_COLLECTION],
  create: (collections) =>
    new TacitAcceptanceScheduleProjection(collections[TACIT_ACCEPTANCE_SCHEDULE_COLLECTION.name] as unknown as ReadModelCollection<TacitAcceptanceDueRow>),
};
