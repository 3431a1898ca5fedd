import type { Db } from 'mongodb';
import type {
  SettingsStore,
  CheckpointStore,
  CollectionDefinition,
  CollectionOptions,
  CollectionSpec,
  ReadModelCollection,
  ReadModelStore,
} from '../../../application/ports/read-model-store.ts';
import { databaseNameOf } from '../../mongodb/database-name.ts';
import { collectionIndexes, MongoDbCollection } from './mongodb-collection.ts';
import { ensureIndexes } from './mongodb-indexes.ts';
import type { StoredRow } from './mongodb-stored-row.ts';
import type { OnceReady } from './once-ready.ts';
import { LazyMongoClient } from '../../mongodb/lazy-mongo-client.ts';
import { guardMongo } from '../../mongodb/transient-mongo-error.ts';

interface CheckpointDocument {
  _id: string;
  position: string;
}

const COLLECTION_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Read models in MongoDB. Every operation first makes sure the client is connected (a failed connect is tried again
 * by the next operation), so a server that is down at start-up or later makes operations fail with
 * StoreUnavailableError until it is back; `ping()` probes it.
 */
export class MongoDbReadModelStore implements ReadModelStore {
  private readonly client: LazyMongoClient;
  private readonly db: Db;
  /** Per collection, its indexes as set up once by this store (every view of the collection shares them). */
  private readonly indexes = new Map<string, OnceReady>();
  private closed = false;
  private readonly closedByUs = () => this.closed;
  readonly checkpoints: CheckpointStore;
  readonly settings: SettingsStore;

  constructor(url: string, databaseName: string = databaseNameOf(url)) {
    this.client = new LazyMongoClient(url);
    this.db = this.client.client.db(databaseName);
    const checkpoints = this.db.collection<CheckpointDocument>('checkpoints');
    const settings = this.db.collection<{ _id: string; value: string }>('settings');
    const guard = <T>(operation: string, run: () => Promise<T>) => this.guard(operation, run);
    this.settings = {
      get: (key) => guard('settings get', async () => (await settings.findOne({ _id: key }))?.value),
      set: (key, value) =>
        guard('settings set', async () => {
          if (value === undefined) await settings.deleteOne({ _id: key });
          else await settings.updateOne({ _id: key }, { $set: { value } }, { upsert: true });
        }),
    };
    this.checkpoints = {
      load: (name) =>
        guard('checkpoint load', async () => {
          const stored = await checkpoints.findOne({ _id: name });
          return stored ? BigInt(stored.position) : undefined;
        }),
      // Positions can exceed 2^53, so they are stored as decimal strings.
      store: (name, position) =>
        guard('checkpoint store', async () => {
          await checkpoints.updateOne({ _id: name }, { $set: { position: position.toString() } }, { upsert: true });
        }),
    };
  }

  /** Does not wait for the server: the first operation connects. */
  static async open(url: string, databaseName?: string): Promise<MongoDbReadModelStore> {
    return new MongoDbReadModelStore(url, databaseName);
  }

  collection<T extends object>(definition: CollectionSpec<T>, { building = false }: CollectionOptions = {}): ReadModelCollection<T> {
    if (!COLLECTION_NAME.test(definition.name)) throw new Error(`invalid collection name: ${definition.name}`);
    const collection = this.db.collection<StoredRow>(`rm_${definition.name}`);
    const options = { closedByUs: this.closedByUs, connected: () => this.client.connected() };
    let indexes = this.indexes.get(definition.name);
    if (!indexes) {
      indexes = collectionIndexes(collection, definition, { ...options, building });
      this.indexes.set(definition.name, indexes);
    }
    return new MongoDbCollection<T>(collection, definition, { ...options, indexes });
  }

  /** The indexes of a collection built without them; MongoDB keeps no tallies (it counts with an index). */
  async finishBuilding(definition: CollectionDefinition): Promise<void> {
    if (!COLLECTION_NAME.test(definition.name)) throw new Error(`invalid collection name: ${definition.name}`);
    await this.guard(`indexes of rm_${definition.name}`, () => ensureIndexes(this.db.collection<StoredRow>(`rm_${definition.name}`), definition));
  }

  async dropCollection(name: string): Promise<void> {
    if (!COLLECTION_NAME.test(name)) throw new Error(`invalid collection name: ${name}`);
    this.indexes.delete(name);
    // drop() answers false, without an error, when the collection does not exist.
    await this.guard(`drop rm_${name}`, () => this.db.collection(`rm_${name}`).drop());
  }

  ping(): Promise<void> {
    return this.guard('ping', async () => {
      await this.db.command({ ping: 1 });
    });
  }

  private guard<T>(operation: string, run: () => Promise<T>): Promise<T> {
    return guardMongo('read models', operation, this.closedByUs, async () => {
      await this.client.connected();
      return run();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.close();
  }
}
