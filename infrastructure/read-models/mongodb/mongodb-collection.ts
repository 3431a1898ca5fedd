import { MongoServerError, type Collection, type Document, type Filter } from 'mongodb';
import type {
  CollectionDefinition,
  FieldCondition,
  Page,
  Query,
  ReadModelCollection,
  RowKey,
} from '../../../application/ports/read-model-store.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEY_FIELDS = ['tenantId', 'environment'] as const;
const INTERNAL_FIELDS = new Set(['_id', '_revision', '_added']);
const DUPLICATE_KEY = 11000;

interface StoredRow extends Document {
  _id: string;
}

function field(name: string): string {
  if (!IDENTIFIER.test(name) || INTERNAL_FIELDS.has(name)) {
    throw new Error(`invalid read-model field name: ${name}`);
  }
  return name;
}

function rowId(key: RowKey): string {
  return `${key.tenantId}:${key.environment}:${key.id}`;
}

/**
 * One MongoDB collection per read model. A stored document is the row's own fields plus
 * tenantId, environment and _revision; `_added` lists key fields the row did not have,
 * so that reading gives back exactly the row that was written.
 */
export class MongoDbCollection<T extends object> implements ReadModelCollection<T> {
  private readonly ready: Promise<unknown>;

  constructor(
    private readonly collection: Collection<StoredRow>,
    definition: CollectionDefinition,
  ) {
    this.ready = Promise.all(
      definition.indexes.map((fields) =>
        collection.createIndex(Object.fromEntries([...KEY_FIELDS, ...fields.map(field)].map((name) => [name, 1]))),
      ),
    );
    this.ready.catch(() => undefined);
  }

  async get(key: RowKey): Promise<T | null> {
    await this.ready;
    const stored = await this.collection.findOne({ _id: rowId(key) });
    return stored ? toRow<T>(stored) : null;
  }

  async upsert(key: RowKey, revision: bigint, row: T): Promise<boolean> {
    await this.ready;
    const own = row as Record<string, unknown>;
    const added = KEY_FIELDS.filter((name) => !(name in own));
    const stored: Document = { ...own, tenantId: key.tenantId, environment: key.environment, _revision: Number(revision) };
    if (added.length > 0) stored._added = added;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await this.collection.replaceOne(
          { _id: rowId(key), _revision: { $lt: Number(revision) } },
          stored,
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
    const filter: Filter<StoredRow> = { tenantId: query.tenantId, environment: query.environment };
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

function toRow<T>(stored: Document): T {
  const { _id, _revision, _added, ...row } = stored;
  for (const name of (_added as string[] | undefined) ?? []) delete row[name];
  return row as T;
}
