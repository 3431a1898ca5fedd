import type { CollectionSpec, Filter, Query, QueryPlan, ReadModelCollection, ReadModelStore, RowKey } from '../ports/read-model-store.ts';
import { physicalName, type ProjectionVersions } from './projection-versions.ts';

const REFRESH_MS = 500;

/**
 * Reads (and writes) whichever version of a projection is active, so a rebuild can switch versions under a
 * running service: the active version is looked up again at most every half second.
 */
export class VersionedCollection<T extends object> implements ReadModelCollection<T> {
  private version = 0;
  private checkedAt = 0;
  private current: ReadModelCollection<T> | undefined;

  constructor(
    private readonly store: ReadModelStore,
    private readonly definition: CollectionSpec<T>,
    private readonly projection: string,
    private readonly versions: ProjectionVersions,
  ) {}

  private async target(): Promise<ReadModelCollection<T>> {
    if (!this.current || Date.now() - this.checkedAt > REFRESH_MS) {
      const active = await this.versions.active(this.projection);
      this.checkedAt = Date.now();
      if (active !== this.version || !this.current) {
        this.version = active;
        this.current = this.store.collection<T>({ ...this.definition, name: physicalName(this.definition.name, active) });
      }
    }
    return this.current;
  }

  async get(key: RowKey): Promise<T | null> {
    return (await this.target()).get(key);
  }

  async upsert(key: RowKey, revision: bigint, row: T): Promise<boolean> {
    return (await this.target()).upsert(key, revision, row);
  }

  async remove(key: RowKey, revision: bigint): Promise<boolean> {
    return (await this.target()).remove(key, revision);
  }

  async find(query: Query): Promise<T[]> {
    return (await this.target()).find(query);
  }

  async count(filter: Filter): Promise<number> {
    return (await this.target()).count(filter);
  }

  async explain(query: Query | Filter): Promise<QueryPlan> {
    return (await this.target()).explain(query);
  }

  async clear(): Promise<void> {
    return (await this.target()).clear();
  }
}
