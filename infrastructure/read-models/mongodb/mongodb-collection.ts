import { MongoServerError, type Collection, type Filter } from 'mongodb';
import type {
  CollectionDefinition,
  FieldCondition,
  Page,
  Query,
  ReadModelCollection,
  RowKey,
} from '../../../application/ports/read-model-store.ts';
import { INTERNAL_FIELDS, PARTITION_FIELDS, storedId, toRow, toStored, type StoredRow } from './mongodb-stored-row.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DUPLICATE_KEY = 11000;

function field(name: string): string {
  if (!IDENTIFIER.test(name) || INTERNAL_FIELDS.has(name)) {
    throw new Error(`invalid read-model field name: ${name}`);
  }
  return name;
}

/** One MongoDB collection per read model; see StoredRow for what a stored document holds. */
export class MongoDbCollection<T extends object> implements ReadModelCollection<T> {
  private readonly ready: Promise<unknown>;

  constructor(
    private readonly collection: Collection<StoredRow>,
    definition: CollectionDefinition,
  ) {
    this.ready = Promise.all(
      definition.indexes.map((fields) =>
        collection.createIndex(Object.fromEntries([...PARTITION_FIELDS, ...fields.map(field)].map((name) => [name, 1]))),
      ),
    );
    this.ready.catch(() => undefined);
  }

  async get(key: RowKey): Promise<T | null> {
    await this.ready;
    const stored = await this.collection.findOne({ _id: storedId(key) });
    return stored ? toRow<T>(stored) : null;
  }

  async upsert(key: RowKey, revision: bigint, row: T): Promise<boolean> {
    await this.ready;
    // The filter's _id becomes the inserted document's _id.
    const { _id, ...replacement } = toStored(key, revision, row);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await this.collection.replaceOne(
          { _id, _revision: { $lt: replacement._revision } },
          replacement,
          { upsert: true },
        );
        return result.matchedCount + result.upsertedCount > 0;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        // A duplicate _id means the stored revision is at least as new, or a concurrent first
        // insert won the race; a second try against the now existing row tells which.
        if (attempt === 2) return false;
      }
    }
  }

  async find(query: Query): Promise<Page<T>> {
    await this.ready;
    const filter: Filter<StoredRow> = { _t: query.tenantId, _e: query.environment };
    for (const [name, condition] of Object.entries(query.where ?? {})) filter[field(name)] = toMongoCondition(condition);
    const sort: Record<string, 1 | -1> = {};
    for (const [name, direction] of query.orderBy) sort[field(name)] = direction === 'desc' ? -1 : 1;
    sort._id ??= 1;
    const total = this.collection.countDocuments(filter);
    if (query.limit === 0) return { items: [], total: await total };
    const cursor = this.collection.find(filter).sort(sort).skip(query.skip ?? 0);
    if (query.limit !== undefined) cursor.limit(query.limit);
    const [stored, count] = await Promise.all([cursor.toArray(), total]);
    return { items: stored.map((document) => toRow<T>(document)), total: count };
  }

  async clear(): Promise<void> {
    await this.ready;
    await this.collection.deleteMany({});
  }
}

function toMongoCondition(condition: FieldCondition): unknown {
  if (typeof condition !== 'object') return condition;
  const range: Record<string, string | number> = {};
  if (condition.gte !== undefined) range.$gte = condition.gte;
  if (condition.lte !== undefined) range.$lte = condition.lte;
  if (condition.gt !== undefined) range.$gt = condition.gt;
  if (condition.lt !== undefined) range.$lt = condition.lt;
  return range;
}
