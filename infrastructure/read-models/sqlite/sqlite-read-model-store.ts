import type {
  CheckpointStore,
  CollectionDefinition,
  ReadModelCollection,
  ReadModelStore,
} from '../../../application/ports/read-model-store.ts';
import { openDatabase, type SqliteDatabase } from '../../sqlite/open-database.ts';
import { SqliteCollection } from './sqlite-collection.ts';

export class SqliteReadModelStore implements ReadModelStore {
  private readonly db: SqliteDatabase;
  private readonly collections = new Map<string, SqliteCollection<object>>();
  readonly checkpoints: CheckpointStore;

  constructor(file: string) {
    this.db = openDatabase(file);
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
    const load = this.db.prepare<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?');
    const store = this.db.prepare(
      'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
    );
    this.checkpoints = {
      load: async (name) => {
        const row = load.get(name);
        return row ? BigInt(row.position) : undefined;
      },
      store: async (name, position) => {
        store.run(name, position.toString());
      },
    };
  }

  collection<T extends object>(definition: CollectionDefinition): ReadModelCollection<T> {
    let collection = this.collections.get(definition.name);
    if (!collection) {
      collection = new SqliteCollection<object>(this.db, definition);
      this.collections.set(definition.name, collection);
    }
    return collection as unknown as ReadModelCollection<T>;
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
