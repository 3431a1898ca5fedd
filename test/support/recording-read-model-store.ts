import type {
  CollectionDefinition,
  CollectionOptions,
  Filter,
  Query,
  QueryPlan,
  ReadModelCollection,
  ReadModelStore,
  RowKey,
} from '../../application/ports/read-model-store.ts';

/** One kind of query an app made: which collection, find or count, which conditions on which fields, which order. */
export interface RecordedQuery {
  collection: string;
  operation: 'find' | 'count';
  shape: string;
  /** The first query of this shape, to explain. */
  example: Query | Filter;
  explain(): Promise<QueryPlan>;
}

/** Conditions by kind (equality, or which range operators), not by value: two pages of one list share a shape. */
function shapeOf(collection: string, operation: 'find' | 'count', query: Query | Filter): string {
  const where = Object.entries(query.where ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, condition]) => `${field} ${typeof condition === 'object' ? Object.keys(condition).filter((op) => condition[op as keyof typeof condition] !== undefined).sort().join('&') : 'eq'}`);
  const filter = `${collection} ${operation} where [${where.join(', ')}]`;
  if (!('orderBy' in query)) return filter;
  const order = query.orderBy.map(([field, direction]) => `${field} ${direction}`);
  const paging = [query.after ? ' after' : '', query.limit !== undefined ? ' limit' : '', query.skip ? ' skip' : ''].join('');
  return `${filter} order [${order.join(', ')}]${paging}`;
}

/** A read-model store that passes everything through and records every distinct query shape given to find and count. */
export class RecordingReadModelStore implements ReadModelStore {
  readonly recorded = new Map<string, RecordedQuery>();

  constructor(private readonly inner: ReadModelStore) {}

  get checkpoints() {
    return this.inner.checkpoints;
  }

  get settings() {
    return this.inner.settings;
  }

  collection<T extends object>(definition: CollectionDefinition, options?: CollectionOptions): ReadModelCollection<T> {
    const inner = this.inner.collection<T>(definition, options);
    const record = (operation: 'find' | 'count', query: Query | Filter) => {
      const shape = shapeOf(definition.name, operation, query);
      if (!this.recorded.has(shape)) {
        this.recorded.set(shape, { collection: definition.name, operation, shape, example: query, explain: () => inner.explain(query) });
      }
    };
    return {
      get: (key: RowKey) => inner.get(key),
      upsert: (key: RowKey, revision: bigint, row: T) => inner.upsert(key, revision, row),
      remove: (key: RowKey, revision: bigint) => inner.remove(key, revision),
      find: (query: Query) => {
        record('find', query);
        return inner.find(query);
      },
      count: (filter: Filter) => {
        record('count', { tenantId: filter.tenantId, environment: filter.environment, where: filter.where });
        return inner.count(filter);
      },
      explain: (query: Query | Filter) => inner.explain(query),
      clear: () => inner.clear(),
    };
  }

  finishBuilding(definition: CollectionDefinition): Promise<void> {
    return this.inner.finishBuilding(definition);
  }

  dropCollection(name: string): Promise<void> {
    return this.inner.dropCollection(name);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
