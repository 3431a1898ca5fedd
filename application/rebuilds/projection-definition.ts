import type { VisibilityWatermarks } from '../invoice-management/visibility-watermarks.ts';
import type { CollectionDefinition, CollectionSpec, ReadModelCollection } from '../ports/read-model-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';

/** The collections a projection writes, at the version its handler keeps: the active one live, a new one in a rebuild. */
interface ProjectionCollections {
  of<Row extends object>(spec: CollectionSpec<Row>): ReadModelCollection<Row>;
}

/** What a projection's handler is made from. */
export interface ProjectionContext {
  collections: ProjectionCollections;
  /** Live only: where the documents projection records how far lists can see (a version being rebuilt is not seen yet). */
  watermarks?: VisibilityWatermarks;
}

/** A projection: its collections (logical names) and how to make its handler, live and in a rebuild alike. */
export interface ProjectionDefinition {
  name: string;
  description: string;
  collections: readonly CollectionDefinition[];
  /**
   * The revision of what the handler writes (default 1): raised when a change of code makes it write rows another
   * way (a new field, a fix), so that deployments whose rows an older revision wrote rebuild the projection.
   */
  revision?: number;
  create(context: ProjectionContext): EventHandler;
}

export const revisionOf = (definition: ProjectionDefinition): number => definition.revision ?? 1;

type OpenCollection = <Row extends object>(spec: CollectionSpec<Row>) => ReadModelCollection<Row>;

/** The definition's collections as `open` gives them; one it does not declare is refused (a rebuild would not build it). */
export function projectionCollections(definition: ProjectionDefinition, open: OpenCollection): ProjectionCollections {
  const declared = new Set(definition.collections.map((collection) => collection.name));
  return {
    of: (spec) => {
      if (!declared.has(spec.name)) throw new Error(`projection ${definition.name} does not declare the collection ${spec.name}`);
      return open(spec);
    },
  };
}
