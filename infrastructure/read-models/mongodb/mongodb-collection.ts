import { Long, MongoServerError, type Collection } from 'mongodb';
import type { CollectionDefinition, Filter, Query, QueryPlan, ReadModelCollection, RowKey } from '../../../application/ports/read-model-store.ts';
import { guardMongo } from '../../mongodb/transient-mongo-error.ts';
import { ensureIndexes } from './mongodb-indexes.ts';
import { readMongoPlan } from './mongodb-plan.ts';
import { toMongoFilter, toMongoFindFilter, toMongoSort } from './mongodb-query.ts';
import { storedId, toRow, toStored, type StoredRow } from './mongodb-stored-row.ts';
import { OnceReady, type OnceReadyOptions } from './once-ready.ts';

const DUPLICATE_KEY = 11000;

interface MongoDbCollectionOptions {
  indexRetry?: OnceReadyOptions;
  /** Whether the store closed its client itself (then a closed topology is final, not transient). */
  closedByUs?: () => boolean;
  /** Resolves once the client is connected (the store connects explicitly; see LazyMongoClient). */
  connected?: () => Promise<unknown>;
  /** The collection's indexes as another view of it already set them up (see `collectionIndexes`). */
  indexes?: OnceReady;
}

/**
 * Creates the collection's indexes once, before its first use; started now, so the first query rarely waits. A
 * collection being built gets them at the end instead (MongoDbReadModelStore.finishBuilding).
 */
export function collectionIndexes(
  collection: Collection<StoredRow>,
  definition: CollectionDefinition,
  options: MongoDbCollectionOptions & { building?: boolean } = {},
): OnceReady {
  const connected = options.connected ?? (() => Promise.resolve());
  const indexes = new OnceReady(async () => {
    await connected();
    if (!options.building) await ensureIndexes(collection, definition);
  }, options.indexRetry);
  // A failure here is reported to the first query.
  indexes.ready().catch(() => undefined);
  return indexes;
}

/** One MongoDB collection per read model, its rows read as rows of type T; see StoredRow for what a stored document holds. */
export class MongoDbCollection<T extends object> implements ReadModelCollection<T> {
  private readonly indexes: OnceReady;
  private readonly closedByUs: () => boolean;

  constructor(
    private readonly collection: Collection<StoredRow>,
    definition: CollectionDefinition,
    options: MongoDbCollectionOptions = {},
  ) {
    this.indexes = options.indexes ?? collectionIndexes(collection, definition, options);
    this.closedByUs = options.closedByUs ?? (() => false);
  }

  get(key: RowKey): Promise<T | null> {
    return this.guard('get', async () => {
      const stored = await this.collection.findOne({ _id: storedId(key) });
      return stored ? toRow<T>(stored) : null;
    });
  }

  upsert(key: RowKey, revision: bigint, row: T): Promise<boolean> {
    return this.guard('upsert', async () => {
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
    });
  }

  remove(key: RowKey, revision: bigint): Promise<boolean> {
    return this.guard('remove', async () => {
      const result = await this.collection.deleteOne({ _id: storedId(key), _revision: { $lt: Long.fromBigInt(revision) } });
      return result.deletedCount > 0;
    });
  }

  find(query: Query): Promise<T[]> {
    return this.guard('find', async () => {
      // limit(0) would mean no limit to MongoDB.
      if (query.limit === 0) return [];
      return (await this.cursor(query).toArray()).map((stored) => toRow<T>(stored));
    });
  }

  count(filter: Filter): Promise<number> {
    return this.guard('count', () => this.collection.countDocuments(toMongoFilter(filter)));
  }

  explain(query: Query | Filter): Promise<QueryPlan> {
    return this.guard('explain', async () => {
      // countDocuments runs this pipeline.
      const explained =
        'orderBy' in query
          ? await this.cursor(query).explain('queryPlanner')
          : await this.collection.aggregate([{ $match: toMongoFilter(query) }, { $group: { _id: 1, n: { $sum: 1 } } }]).explain('queryPlanner');
      return readMongoPlan(explained);
    });
  }

  clear(): Promise<void> {
    return this.guard('clear', async () => {
      await this.collection.deleteMany({});
    });
  }

  private cursor(query: Query) {
    const cursor = this.collection.find(toMongoFindFilter(query)).sort(toMongoSort(query.orderBy)).skip(query.skip ?? 0);
    if (query.limit) cursor.limit(query.limit);
    return cursor;
  }

  /** Waits for the indexes, then runs the operation; transient driver errors become StoreUnavailableError. */
  private guard<R>(operation: string, run: () => Promise<R>): Promise<R> {
    return guardMongo('read models', `${operation} on ${this.collection.collectionName}`, this.closedByUs, async () => {
      await this.indexes.ready();
      return run();
    });
  }
}
