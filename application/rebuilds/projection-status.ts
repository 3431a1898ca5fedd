import type { EventStore } from '../ports/event-store.ts';
import type { ReadModelStore } from '../ports/read-model-store.ts';
import { LAG_COUNT_LIMIT } from '../health/subscription-health.ts';
import { revisionOf, type ProjectionDefinition } from './projection-definition.ts';
import { checkpointName, type ProjectionVersions } from './projection-versions.ts';

interface ProjectionStatus {
  name: string;
  description: string;
  activeVersion: number;
  /** The revision of the definition that wrote the active rows, and the current one: lower means a rebuild is due. */
  rowsRevision: number;
  definitionRevision: number;
  position: string;
  head: string;
  lag: string;
  rebuild: { version: number; position: string } | null;
}

/** What an operator sees of a projection from the stores alone (no running process needed). */
export async function projectionStatus(
  definition: ProjectionDefinition,
  events: EventStore,
  readModels: ReadModelStore,
  versions: ProjectionVersions,
): Promise<ProjectionStatus> {
  const active = await versions.active(definition.name);
  const building = await versions.building(definition.name);
  const position = (await readModels.checkpoints.load(definition.name)) ?? 0n;
  const head = await events.headPosition();
  const lag = await events.eventsAfter(position, LAG_COUNT_LIMIT);
  const rebuildPosition = building === undefined ? undefined : ((await readModels.checkpoints.load(checkpointName(definition.name, building))) ?? 0n);
  return {
    name: definition.name,
    description: definition.description,
    activeVersion: active,
    rowsRevision: (await versions.revision(definition.name)) ?? 1,
    definitionRevision: revisionOf(definition),
    position: position.toString(),
    head: head.toString(),
    lag: String(lag),
    rebuild: building === undefined ? null : { version: building, position: String(rebuildPosition) },
  };
}
