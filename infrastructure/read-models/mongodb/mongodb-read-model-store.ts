import { MongoClient, type Db } from 'mongodb';
import type {
  SettingsStore,
  CheckpointStore,
  CollectionDefinition,
  ReadModelCollection,
  ReadModelStore,
} from '../../../application/ports/read-model-store.ts';
import { databaseNameOf } from '../../mongodb/database-name.ts';
import { MongoDbCollection } from './mongodb-collection.ts';

interface CheckpointDocument {
  _id: string;
  position: string;
}

export class MongoDbReadModelStore implements ReadModelStore {
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly collections = new Map<string, MongoDbCollection<object>>();
  readonly checkpoints: CheckpointStore;
  readonly settings: SettingsStore;

  constructor(url: string, databaseName: string = databaseNameOf(url)) {
    this.client = new MongoClient(url);
    this.db = this.client.db(databaseName);
    const checkpoints = this.db.collection<CheckpointDocument>('checkpoints');
    const settings = this.db.collection<{ _id: string; value: string }>('settings');
    this.settings = {
      get: async (key) => (await settings.findOne({ _id: key }))?.value,
      set: async (key, value) => {
        if (value === undefined) await settings.deleteOne({ _id: key });
        else await settings.updateOne({ _id: key }, { $set: { value } }, { upsert: true });
      },
    };
    this.checkpoints = {
      load: async (name) => {
        const stored = await checkpoints.findOne({ _id: name });
        return stored ? BigInt(stored.position) : undefined;
      },
      // Positions can exceed 2^53, so they are stored as decimal strings.
      store: async (name, position) => {
        await checkpoints.updateOne({ _id: name }, { $set: { position: position.toString() } }, { upsert: true });
      },
    };
  }

  static async open(url: string, databaseName?: string): Promise<MongoDbReadModelStore> {
    const store = new MongoDbReadModelStore(url, databaseName);
    await store.connect();
    return store;
  }

  async connect(): Promise<void> {
    await this.client.connect();
    await this.ping();
  }

  collection<T extends object>(definition: CollectionDefinition): ReadModelCollection<T> {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(definition.name)) throw new Error(`invalid collection name: ${definition.name}`);
    let collection = this.collections.get(definition.name);
    if (!collection) {
      collection = new MongoDbCollection<object>(this.db.collection(`rm_${definition.name}`), definition);
      this.collections.set(definition.name, collection);
    }
    return collection as unknown as ReadModelCollection<T>;
  }

  async dropCollection(name: string): Promise<void> {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid collection name: ${name}`);
    this.collections.delete(name);
    await this.db.collection(`rm_${name}`).drop().catch(() => undefined);
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
