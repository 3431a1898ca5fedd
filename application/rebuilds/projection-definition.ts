import type { CollectionDefinition, ReadModelCollection } from '../ports/read-model-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';

export type CollectionsOf = Record<string, ReadModelCollection<object>>;

/** A rebuildable projection: its collections (logical names) and how to make its handler over given collections. */
export interface ProjectionDefinition {
  name: string;
  description: string;
  collections: readonly CollectionDefinition[];
  create(collections: CollectionsOf): EventHandler;
}
