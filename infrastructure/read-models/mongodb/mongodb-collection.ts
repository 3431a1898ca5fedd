import { MongoServerError, type Collection } from 'mongodb';
import type { CollectionDefinition, Filter, Query, QueryPlan, ReadModelCollection, RowKey } from '../../../application/ports/read-model-store.ts';
import { ensureIndexes } from './mongodb-indexes.ts';
import { readMongoPlan } from './mongodb-plan.ts';
import { OnceReady, type OnceReadyOptions } from './once-ready.ts';
import { toMongoFilter, toMongoSort } from './mongodb-query.ts';
import { storedId, toRow, toStored, type StoredRow } from './mongodb-stored-row.ts';

const DUPLICATE_KEY = 11000;

/** One MongoDB collection per read model; see StoredRow for what a stored document holds. */
export class MongoDbCollection<T extends object> implements ReadModelCollection<T> {
  private readonly indexes: OnceReady;

  constructor(
    private readonly collection: Collection<StoredRow>,
    definition: CollectionDefinition,
    options: { indexRetry?: OnceReadyOptions } = {},
  ) {
    this.indexes = new OnceReady(() => ensureIndexes(collection, definition), options.indexRetry);
    // Started now, so the first query rarely waits; a failure here is reported to that query.
    this.indexes.ready().catch(() => undefined);
  }

  async get(key: RowKey): Promise<T | null> {
    await this.indexes.ready();
    const stored = await this.collection.findOne({ _id: storedId(key) });
    return stored ? toRow<T>(stored) : null;
  }

  async upsert(key: RowKey, revision: bigint, row: T): Promise<boolean> {
    await this.indexes.ready();
    // The filter's _id becomes the inserted document's _id.
    const { _id, ...replacement } = toStored(key, revision, row);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await this.collection.replaceOne({ _id, _revision: { $lt: replacement._revision } }, replacement, { upsert: true });
        return result.matchedCount + result.upsertedCount > 0;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        // A duplicate _id means the stored revision is at least as new, or a concurrent first
        // insert won the race; a second try against the now existing row tells which.
        if (attempt === 2) return false;
      }
    }
  }

  async find(query: Query): Promise<T[]> {
    await this.indexes.ready();
    // limit(0) would mean no limit to MongoDB.
    if (query.limit === 0) return [];
    return (await this.cursor(query).toArray()).map((stored) => toRow<T>(stored));
  }

  async count(filter: Filter): Promise<number> {
    await this.indexes.ready();
    return this.collection.countDocuments(toMongoFilter(filter));
  }

  async explain(query: Query | Filter): Promise<QueryPlan> {
    await this.indexes.ready();
    // countDocuments runs this pipeline.
    const explained =
      'orderBy' in query
        ? await this.cursor(query).explain('queryPlanner')
        : await this.collection.aggregate([{ $match: toMongoFilter(query) }, { $group: { _id: 1, n: { $sum: 1 } } }]).explain('queryPlanner');
    return readMongoPlan(explained);
  }

  private cursor(query: Query) {
    const cursor = this.collection.find(toMongoFilter(query)).sort(toMongoSort(query.orderBy)).skip(query.skip ?? 0);
    if (query.limit) cursor.limit(query.limit);
    return cursor;
  }

  async clear(): Promise<void> {
    await this.indexes.ready();
    await this.collection.deleteMany({});
  }
}
