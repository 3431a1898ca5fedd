import type { CoordinationStore, SharedRecord } from '../../application/ports/coordination-store.ts';
import { StoreUnavailableError } from '../../application/ports/store-errors.ts';
import { openDatabase, type SqliteDatabase } from '../sqlite/open-database.ts';

interface Row {
  key: string;
  version: number;
  value: string;
}

/**
 * Shared records in a SQLite file of their own (DATA_DIR/coordination.sqlite), apart from the read models so that
 * their batched write transactions never hold a lease renewal up. Each operation is one short statement; processes
 * sharing the file wait for each other through the busy timeout.
 */
export class SqliteCoordinationStore implements CoordinationStore {
  private readonly db: SqliteDatabase;
  private readonly statements;

  constructor(file: string) {
    this.db = openDatabase(file);
    this.db.exec('CREATE TABLE IF NOT EXISTS shared_records (key TEXT PRIMARY KEY, version INTEGER NOT NULL, value TEXT NOT NULL)');
    this.statements = {
      read: this.db.prepare<[string], Row>('SELECT key, version, value FROM shared_records WHERE key = ?'),
      insert: this.db.prepare('INSERT INTO shared_records (key, version, value) VALUES (?, 1, ?) ON CONFLICT (key) DO NOTHING'),
      update: this.db.prepare('UPDATE shared_records SET version = version + 1, value = ? WHERE key = ? AND version = ?'),
      remove: this.db.prepare('DELETE FROM shared_records WHERE key = ? AND version = ?'),
      list: this.db.prepare<[string, string], Row>('SELECT key, version, value FROM shared_records WHERE key >= ? AND key < ? ORDER BY key'),
    };
  }

  async read<T>(key: string): Promise<SharedRecord<T> | undefined> {
    const row = this.run(() => this.statements.read.get(key));
    return row ? { value: JSON.parse(row.value) as T, version: row.version } : undefined;
  }

  async write<T>(key: string, value: T, expected: number | undefined): Promise<boolean> {
    const json = JSON.stringify(value);
    const info = this.run(() => (expected === undefined ? this.statements.insert.run(key, json) : this.statements.update.run(json, key, expected)));
    return info.changes === 1;
  }

  async remove(key: string, expected: number): Promise<boolean> {
    return this.run(() => this.statements.remove.run(key, expected)).changes === 1;
  }

  async list<T>(prefix: string): Promise<Array<{ key: string } & SharedRecord<T>>> {
    // Every key with the prefix sorts between the prefix and the prefix followed by the highest code point.
    const rows = this.run(() => this.statements.list.all(prefix, `${prefix}\u{10FFFF}`));
    return rows.map((row) => ({ key: row.key, value: JSON.parse(row.value) as T, version: row.version }));
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private run<R>(operation: () => R): R {
    try {
      return operation();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') throw new StoreUnavailableError('coordination', 'the coordination file stayed locked', { cause: error });
      throw error;
    }
  }
}
