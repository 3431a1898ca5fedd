import type { CollectionDefinition } from '../../../application/ports/read-model-store.ts';
import type { SqliteDatabase } from '../../sqlite/open-database.ts';
import { PreparedStatements } from '../../sqlite/prepared-statements.ts';
import { SqliteQuery } from './sqlite-query.ts';
import type { SqliteIndex } from './sqlite-index-choice.ts';
import { columnOf, ensureSchema, indexesOf } from './sqlite-schema.ts';
import { SqliteTallies, type TalliedValues } from './sqlite-tallies.ts';
import { sqlValue, type SqlValue } from './sql-values.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The table that holds a collection's rows. */
export const sqliteTableName = (collection: string) => `rm_${collection}`;

/** A row as stored: the revision that wrote it and its tallied columns (by field name). */
type StoredRow = TalliedValues & { revision: number };

/** A row written in the open transaction and not yet in the table: the newest of its key (see writeRow). */
interface WaitingRow {
  tenantId: string;
  environment: string;
  id: string;
  revision: bigint | number;
  row: object;
  /** The row the table held when the transaction first wrote this key (none: a new row). */
  stored: StoredRow | undefined;
}

/**
 * One table per collection: key columns, the stream revision that wrote the row, the row as JSON, and one column
 * per indexed field (copied from the row on write, so indexes and filters never re-parse the JSON). Made once per
 * store and collection: the schema is checked and the statements prepared here, shared by every view of the rows.
 */
export class SqliteTable {
  readonly name: string;
  readonly indexed: readonly string[];
  readonly query: SqliteQuery;
  readonly tallies: SqliteTallies;
  private readonly getRow;
  private readonly upsertRow;
  private readonly readStored;
  private readonly insertRow;
  private readonly updateRow;
  private readonly deleteOlderRow;
  /** The finds and counts, by their SQL: preparing a list's again for each request cost a tenth of a first page's time. */
  readonly queries: PreparedStatements;
  /** By tenant, environment and id: rows of a tallied table waiting for `settle` (see writeRow). */
  private readonly waiting = new Map<string, WaitingRow>();

  private buildingNow: boolean;
  private madeIndexes: readonly SqliteIndex[] | undefined;

  constructor(
    readonly db: SqliteDatabase,
    private readonly definition: CollectionDefinition,
    readonly beforeWrite: () => void = () => undefined,
    { building = false } = {},
  ) {
    if (!IDENTIFIER.test(definition.name)) throw new Error(`invalid collection name: ${definition.name}`);
    this.name = sqliteTableName(definition.name);
    this.buildingNow = building;
    this.indexed = ensureSchema(db, this.name, definition, { indexes: !building });
    this.query = new SqliteQuery(this.indexed);
    this.queries = new PreparedStatements(db);
    this.tallies = new SqliteTallies(db, this.name, definition, { building });
    this.getRow = db.prepare<[string, string, string], { doc: string }>(
      `SELECT doc FROM ${this.name} WHERE tenant_id = ? AND environment = ? AND id = ?`,
    );
    const columns = this.indexed.map(columnOf);
    this.upsertRow = db.prepare(
      `INSERT INTO ${this.name} (tenant_id, environment, id, revision, doc${columns.map((c) => `, ${c}`).join('')})
       VALUES (?, ?, ?, ?, ?${columns.map(() => ', ?').join('')})
       ON CONFLICT (tenant_id, environment, id) DO UPDATE SET revision = excluded.revision, doc = excluded.doc${columns
         .map((c) => `, ${c} = excluded.${c}`)
         .join('')}
       WHERE excluded.revision > ${this.name}.revision`,
    );
    this.readStored = db.prepare<[string, string, string], StoredRow>(
      `SELECT revision${this.tallies.fields.map((field) => `, ${columnOf(field)} AS "${field}"`).join('')} FROM ${this.name}
       WHERE tenant_id = ? AND environment = ? AND id = ?`,
    );
    this.insertRow = db.prepare(
      `INSERT INTO ${this.name} (tenant_id, environment, id, revision, doc${columns.map((c) => `, ${c}`).join('')})
       VALUES (?, ?, ?, ?, ?${columns.map(() => ', ?').join('')})`,
    );
    this.updateRow = db.prepare(
      `UPDATE ${this.name} SET revision = ?, doc = ?${columns.map((c) => `, ${c} = ?`).join('')}
       WHERE tenant_id = ? AND environment = ? AND id = ?`,
    );
    this.deleteOlderRow = db.prepare(`DELETE FROM ${this.name} WHERE tenant_id = ? AND environment = ? AND id = ? AND revision < ?`);
  }

  /** The row's JSON as this connection sees it: a row waiting in the open transaction first. */
  read(tenantId: string, environment: string, id: string): string | undefined {
    const waiting = this.waiting.get(keyOf(tenantId, environment, id));
    return waiting ? JSON.stringify(waiting.row) : this.getRow.get(tenantId, environment, id)?.doc;
  }

  /** The secondary indexes the table has (none while it is being built). */
  get indexes(): readonly SqliteIndex[] {
    if (this.buildingNow) return [];
    this.madeIndexes ??= indexesOf(this.name, this.definition);
    return this.madeIndexes;
  }

  /** Opened `building` and not finished yet: the table has no indexes and its tallies are not kept. */
  get building(): boolean {
    return this.buildingNow;
  }

  /** Makes the indexes and tallies left out while building, from the rows written; in the caller's transaction. */
  finishBuilding(): void {
    if (!this.buildingNow) return;
    ensureSchema(this.db, this.name, this.definition);
    this.tallies.finishBuilding();
    this.buildingNow = false;
  }

  /**
   * Writes the row when `revision` is newer than the stored one (answers whether it did), with its indexed fields in
   * their columns. The caller holds the write transaction and runs `settle` in it before it commits.
   *
   * A table with tallies reads the stored row first anyway (its tallied columns, to move it between tallies), so its
   * rows wait in memory until `settle`: a row written again in the same transaction (a document created, then
   * submitted a few milliseconds later; a document whose events two batches share) is serialised and written once.
   * At 1,000 documents/s, about a quarter of the documents projection's writes were such repeats. The stored revision
   * read first answers as the upsert's condition would: the transaction holds the write lock, so it cannot change.
   */
  writeRow(tenantId: string, environment: string, id: string, revision: bigint | number, row: object): boolean {
    if (!this.tallies.kept) return this.upsertRow.run(tenantId, environment, id, revision, ...this.columnsOf(row)).changes > 0;
    const key = keyOf(tenantId, environment, id);
    const waiting = this.waiting.get(key);
    if (waiting) {
      if (revision <= waiting.revision) return false;
      waiting.revision = revision;
      waiting.row = row;
      return true;
    }
    const stored = this.readStored.get(tenantId, environment, id);
    if (stored && stored.revision >= revision) return false;
    this.waiting.set(key, { tenantId, environment, id, revision, row, stored });
    return true;
  }

  /**
   * Deletes the row when `revision` is newer than the stored one (or the one waiting), with its place in the tallies;
   * answers whether it did. The caller holds the write transaction, as for writeRow.
   */
  removeRow(tenantId: string, environment: string, id: string, revision: bigint | number): boolean {
    if (!this.tallies.kept) return this.deleteOlderRow.run(tenantId, environment, id, revision).changes > 0;
    const key = keyOf(tenantId, environment, id);
    const waiting = this.waiting.get(key);
    if (waiting && revision <= waiting.revision) return false;
    const stored = waiting ? waiting.stored : this.readStored.get(tenantId, environment, id);
    this.waiting.delete(key);
    if (!stored) return waiting !== undefined;
    if (!waiting && stored.revision >= revision) return false;
    this.deleteOlderRow.run(tenantId, environment, id, revision);
    this.tallies.moved(tenantId, environment, stored, undefined);
    return true;
  }

  /**
   * Writes the rows waiting and applies their tallies' changes, in the caller's transaction (before it commits). A row
   * leaves the waiting ones once written: after a failed write, the rest are still there for the next call.
   */
  settle(): void {
    for (const [key, { tenantId, environment, id, revision, row, stored }] of this.waiting) {
      const columns = this.columnsOf(row);
      if (stored) this.updateRow.run(revision, ...columns, tenantId, environment, id);
      else this.insertRow.run(tenantId, environment, id, revision, ...columns);
      const fields = row as Record<string, unknown>;
      const after: Record<string, SqlValue> = {};
      for (const name of this.tallies.fields) after[name] = sqlValue(fields[name]);
      this.tallies.moved(tenantId, environment, stored, after);
      this.waiting.delete(key);
    }
    this.tallies.settle();
  }

  /** What a row's statements take after its key and revision: the row as JSON, then its indexed fields' columns. */
  private columnsOf(row: object): SqlValue[] {
    const fields = row as Record<string, unknown>;
    return [JSON.stringify(row), ...this.indexed.map((name) => sqlValue(fields[name]))];
  }

  /** Deletes every row, waiting or stored, and empties the tallies; in the caller's transaction. */
  clear(): void {
    this.waiting.clear();
    this.db.exec(`DELETE FROM ${this.name}`);
    this.tallies.clear();
  }
}

const keyOf = (tenantId: string, environment: string, id: string) => `${tenantId}\u0000${environment}\u0000${id}`;
