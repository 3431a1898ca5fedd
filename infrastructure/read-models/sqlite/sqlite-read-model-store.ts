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

  private commitScheduled = false;

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
        this.beginWrite();
        store.run(name, position.toString());
      },
    };
  }

  collection<T extends object>(definition: CollectionDefinition): ReadModelCollection<T> {
    let collection = this.collections.get(definition.name);
    if (!collection) {
      collection = new SqliteCollection<object>(this.db, definition, () => this.beginWrite());
      this.collections.set(definition.name, collection);
    }
    return collection as unknown as ReadModelCollection<T>;
  }

  /**
   * Writes made in one turn of the event loop share a transaction, committed on the next turn: a catch-up pays one
   * commit per batch instead of one per row, and rows commit together with the checkpoint written beside them.
   */
  private beginWrite(): void {
    if (this.commitScheduled || !this.db.open) return;
    if (!this.db.inTransaction) this.db.exec('BEGIN IMMEDIATE');
    this.commitScheduled = true;
    setImmediate(() => this.commit());
  }

  private commit(): void {
    this.commitScheduled = false;
    if (this.db.open && this.db.inTransaction) this.db.exec('COMMIT');
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.commit();
    if (this.db.open) this.db.close();
  }
}
