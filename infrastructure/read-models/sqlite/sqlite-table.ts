import type { CollectionDefinition } from '../../../application/ports/read-model-store.ts';
import type { SqliteDatabase } from '../../sqlite/open-database.ts';
import { SqliteQuery } from './sqlite-query.ts';
import type { SqliteIndex } from './sqlite-index-choice.ts';
import { columnOf, ensureSchema, indexesOf } from './sqlite-schema.ts';
import { SqliteTallies } from './sqlite-tallies.ts';
import { sqlValue, type SqlValue } from './sql-values.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

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
  readonly getRow;
  private readonly upsertRow;

  private buildingNow: boolean;
  private madeIndexes: readonly SqliteIndex[] | undefined;

  constructor(
    readonly db: SqliteDatabase,
    private readonly definition: CollectionDefinition,
    readonly beforeWrite: () => void = () => undefined,
    { building = false } = {},
  ) {
    if (!IDENTIFIER.test(definition.name)) throw new Error(`invalid collection name: ${definition.name}`);
    this.name = `rm_${definition.name}`;
    this.buildingNow = building;
    this.indexed = ensureSchema(db, this.name, definition, { indexes: !building });
    this.query = new SqliteQuery(this.indexed);
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
   * their columns, and reports it to the tallies. The caller holds the write transaction and settles the tallies in it.
   */
  writeRow(tenantId: string, environment: string, id: string, revision: bigint | number, row: object): boolean {
    const fields = row as Record<string, unknown>;
    const values = this.indexed.map((name) => sqlValue(fields[name]));
    const before = this.tallies.kept ? this.tallies.before(tenantId, environment, id) : undefined;
    const written = this.upsertRow.run(tenantId, environment, id, revision, JSON.stringify(row), ...values).changes > 0;
    if (written && this.tallies.kept) {
      const after: Record<string, SqlValue> = {};
      for (const name of this.tallies.fields) after[name] = sqlValue(fields[name]);
      this.tallies.moved(tenantId, environment, before, after);
    }
    return written;
  }
}
