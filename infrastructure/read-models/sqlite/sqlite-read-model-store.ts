import type {
  SettingsStore,
  CheckpointStore,
  CollectionDefinition,
  CollectionOptions,
  CollectionSpec,
  ReadModelCollection,
  ReadModelStore,
} from '../../../application/ports/read-model-store.ts';
import { openDatabase, type SqliteDatabase } from '../../sqlite/open-database.ts';
import { PeriodicCheckpoint } from '../../sqlite/periodic-checkpoint.ts';
import { SqliteCollection } from './sqlite-collection.ts';
import { SqliteTable, sqliteTableName } from './sqlite-table.ts';
import { commitWindow } from './commit-window.ts';
import { guardSqlite } from './sqlite-errors.ts';

/** The page cache (KiB) and memory map (bytes) of the connection while it makes a built collection's indexes. */
export const BUILD_CACHE_KIB = 256 * 1024;
export const BUILD_MMAP_BYTES = 4 * 1024 ** 3;

/**
 * The page size of a new read-model file. A document row is about 3 KB of JSON: on 4 KiB pages nearly every row takes a
 * page of its own, and each write splits and rewrites more pages and index pages than on 16 KiB pages, where several
 * rows share one. Measured on the documents projection: catch-up about 10 % and a rebuild about 19 % faster; issuance
 * and lists unchanged. The log keeps SQLite's 4 KiB: its commits are small and frequent, and bigger pages made
 * issuance slower.
 */
export const READ_MODELS_PAGE_SIZE = 16_384;

interface SqliteReadModelStoreOptions {
  /** How long a write waits for another connection's lock before failing with StoreUnavailableError (default 5 s). */
  busyTimeoutMs?: number;
}

export class SqliteReadModelStore implements ReadModelStore {
  private readonly db: SqliteDatabase;
  private readonly tables = new Map<string, SqliteTable>();
  readonly checkpoints: CheckpointStore;
  readonly settings: SettingsStore;

  private commitScheduled = false;
  /** Whether a row was written since the last turn checked; and which transaction a pending check is for. */
  private wroteSinceTurn = false;
  private transactions = 0;
  private lastCommitAt = Number.NEGATIVE_INFINITY;
  private readonly walCheckpoint: PeriodicCheckpoint;

  constructor(file: string, options: SqliteReadModelStoreOptions = {}) {
    this.db = openDatabase(file, { pageSize: READ_MODELS_PAGE_SIZE });
    this.walCheckpoint = new PeriodicCheckpoint(this.db, file);
    if (options.busyTimeoutMs !== undefined) this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)');
    const load = this.db.prepare<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?');
    const store = this.db.prepare(
      'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
    );
    this.db.exec('CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const getSetting = this.db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
    const putSetting = this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
    const deleteSetting = this.db.prepare('DELETE FROM settings WHERE key = ?');
    this.settings = {
      get: async (key) => guardSqlite('settings get', () => getSetting.get(key)?.value),
      set: async (key, value) =>
        guardSqlite('settings set', () => {
          this.beginWrite();
          if (value === undefined) deleteSetting.run(key);
          else putSetting.run(key, value);
          // Settings switch what other connections read (the active version of a projection): visible at once.
          this.commit();
        }),
    };
    this.checkpoints = {
      load: async (name) => {
        const row = guardSqlite('checkpoint load', () => load.get(name));
        return row ? BigInt(row.position) : undefined;
      },
      store: async (name, position) =>
        guardSqlite('checkpoint store', () => {
          this.beginWrite();
          store.run(name, position.toString());
        }),
    };
  }

  collection<T extends object>(definition: CollectionSpec<T>, options: CollectionOptions = {}): ReadModelCollection<T> {
    return new SqliteCollection<T>(this.table(definition, options));
  }

  async finishBuilding(definition: CollectionDefinition): Promise<void> {
    const table = this.table(definition);
    if (!table.building) return;
    guardSqlite(`indexes of ${sqliteTableName(definition.name)}`, () => {
      this.beginWrite();
      // Each index reads the whole table and sorts its entries: with the file mapped and a cache that holds the sort,
      // it reads without a system call per page and sorts without spilling to temporary files.
      const cache = this.db.pragma('cache_size', { simple: true });
      const mmap = this.db.pragma('mmap_size', { simple: true });
      this.db.pragma(`cache_size = -${BUILD_CACHE_KIB}`);
      this.db.pragma(`mmap_size = ${BUILD_MMAP_BYTES}`);
      try {
        table.finishBuilding();
        this.commit();
      } finally {
        this.db.pragma(`cache_size = ${cache}`);
        this.db.pragma(`mmap_size = ${mmap}`);
      }
    });
  }

  /** One table per collection and store, made (and its schema checked) on first use; later options do not change it. */
  private table(definition: CollectionDefinition, { building = false }: CollectionOptions = {}): SqliteTable {
    let table = this.tables.get(definition.name);
    if (!table) {
      table = guardSqlite(`schema of ${sqliteTableName(definition.name)}`, () => new SqliteTable(this.db, definition, () => this.beginWrite(), { building }));
      this.tables.set(definition.name, table);
    }
    return table;
  }

  async dropCollection(name: string): Promise<void> {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid collection name: ${name}`);
    this.tables.delete(name);
    const table = sqliteTableName(name);
    guardSqlite(`drop ${table}`, () => {
      this.beginWrite();
      this.db.exec(`DROP TABLE IF EXISTS ${table}`);
      // Its tallies' triggers went with it; their tables are apart.
      const tallies = this.db.prepare<[string], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB ?`).all(`${table}__tally_*`);
      for (const tally of tallies) this.db.exec(`DROP TABLE ${tally.name}`);
      this.commit();
    });
  }

  /**
   * Writes share a transaction until its commitWindow opens, and longer while the thread keeps writing: from then on,
   * each turn of the event loop commits if no row was written since the turn before, or once the window closes. A busy
   * thread pays one commit for many rows instead of one per turn, and rows commit together with the checkpoint written
   * beside them; an idle thread commits within a few milliseconds.
   */
  private beginWrite(): void {
    if (!this.db.open) return;
    this.wroteSinceTurn = true;
    if (this.commitScheduled) return;
    if (!this.db.inTransaction) this.db.exec('BEGIN IMMEDIATE');
    this.commitScheduled = true;
    const transaction = ++this.transactions;
    const { opensAt, closesAt } = commitWindow(performance.now(), this.lastCommitAt);
    const commitWhenDue = () => {
      if (transaction !== this.transactions || !this.commitScheduled) return;
      const now = performance.now();
      if (now < opensAt) {
        setTimeout(() => setImmediate(commitWhenDue), opensAt - now);
        this.wroteSinceTurn = false;
        return;
      }
      const quiet = !this.wroteSinceTurn;
      this.wroteSinceTurn = false;
      if (quiet || now >= closesAt) this.commit();
      else setImmediate(commitWhenDue);
    };
    this.wroteSinceTurn = false;
    setImmediate(commitWhenDue);
  }

  /** Commits the writes waiting for their transaction's window now (what a restarted process, or a test, may need). */
  flush(): void {
    this.commit();
  }

  private commit(): void {
    this.commitScheduled = false;
    if (!this.db.open || !this.db.inTransaction) return;
    for (const table of this.tables.values()) table.settle();
    this.db.exec('COMMIT');
    this.lastCommitAt = performance.now();
    this.walCheckpoint.afterCommit();
  }

  async ping(): Promise<void> {
    guardSqlite('ping', () => this.db.prepare('SELECT 1').get());
  }

  /** Commits what waits, then closes; a commit that fails is rolled back whole by the close (and reported). */
  async close(): Promise<void> {
    try {
      this.commit();
    } finally {
      if (this.db.open) this.db.close();
    }
  }
}
