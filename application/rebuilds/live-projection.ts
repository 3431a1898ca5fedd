import type { ReadModelStore } from '../ports/read-model-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';
import { projectionCollections, type ProjectionContext, type ProjectionDefinition } from './projection-definition.ts';
import type { ProjectionVersions } from './projection-versions.ts';
import { VersionedCollection } from './versioned-collection.ts';

/** The handler that keeps a projection's active version current (a rebuild makes its own, for the version it builds). */
export function liveProjection(
  definition: ProjectionDefinition,
  readModels: ReadModelStore,
  versions: ProjectionVersions,
  live: Omit<ProjectionContext, 'collections'> = {},
): EventHandler {
  const collections = projectionCollections(definition, (spec) => new VersionedCollection(readModels, spec, definition.name, versions));
  return definition.create({ ...live, collections });
}
