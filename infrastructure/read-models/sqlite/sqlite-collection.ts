import type { CollectionDefinition, Filter, Query, QueryPlan, ReadModelCollection, RowKey } from '../../../application/ports/read-model-store.ts';
import type { SqliteDatabase } from '../../sqlite/open-database.ts';
import { guardSqlite } from './sqlite-errors.ts';
import { readSqlitePlan } from './sqlite-plan.ts';
import { SqliteQuery, sqlValue } from './sqlite-query.ts';
import { columnOf, ensureSchema } from './sqlite-schema.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * One table per collection: key columns, the stream revision that wrote the row, the row as JSON, and one column
 * per indexed field (copied from the row on write, so indexes and filters never re-parse the JSON).
 */
export class SqliteCollection<T extends object> implements ReadModelCollection<T> {
  private readonly table: string;
  private readonly indexed: readonly string[];
  private readonly query: SqliteQuery;
  private readonly getRow;
  private readonly upsertRow;

  constructor(
    private readonly db: SqliteDatabase,
    definition: CollectionDefinition,
    private readonly beforeWrite: () => void = () => undefined,
  ) {
    if (!IDENTIFIER.test(definition.name)) throw new Error(`invalid collection name: ${definition.name}`);
    this.table = `rm_${definition.name}`;
    this.indexed = ensureSchema(db, this.table, definition);
    this.query = new SqliteQuery(this.indexed);
    this.getRow = db.prepare<[string, string, string], { doc: string }>(
      `SELECT doc FROM ${this.table} WHERE tenant_id = ? AND environment = ? AND id = ?`,
    );
    const columns = this.indexed.map(columnOf);
    this.upsertRow = db.prepare(
      `INSERT INTO ${this.table} (tenant_id, environment, id, revision, doc${columns.map((c) => `, ${c}`).join('')})
       VALUES (?, ?, ?, ?, ?${columns.map(() => ', ?').join('')})
       ON CONFLICT (tenant_id, environment, id) DO UPDATE SET revision = excluded.revision, doc = excluded.doc${columns
         .map((c) => `, ${c} = excluded.${c}`)
         .join('')}
       WHERE excluded.revision > ${this.table}.revision`,
    );
  }

  async get(key: RowKey): Promise<T | null> {
    const row = guardSqlite(`get on ${this.table}`, () => this.getRow.get(key.tenantId, key.environment, key.id));
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async upsert(key: RowKey, revision: bigint, row: T): Promise<boolean> {
    const values = this.indexed.map((name) => sqlValue((row as Record<string, unknown>)[name]));
    return guardSqlite(`upsert on ${this.table}`, () => {
      this.beforeWrite();
      return this.upsertRow.run(key.tenantId, key.environment, key.id, revision, JSON.stringify(row), ...values).changes > 0;
    });
  }

  async find(query: Query): Promise<T[]> {
    const { sql, params } = this.findStatement(query);
    const rows = guardSqlite(`find on ${this.table}`, () => this.db.prepare<unknown[], { doc: string }>(sql).all(...params));
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  async count(filter: Filter): Promise<number> {
    const { sql, params } = this.countStatement(filter);
    return guardSqlite(`count on ${this.table}`, () => this.db.prepare<unknown[], { n: number }>(sql).get(...params)!.n);
  }

  async explain(query: Query | Filter): Promise<QueryPlan> {
    const { sql, params } = 'orderBy' in query ? this.findStatement(query) : this.countStatement(query);
    return readSqlitePlan(guardSqlite(`explain on ${this.table}`, () => this.db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).all(...params)));
  }

  async clear(): Promise<void> {
    guardSqlite(`clear on ${this.table}`, () => {
      this.beforeWrite();
      this.db.exec(`DELETE FROM ${this.table}`);
    });
  }

  private findStatement(query: Query): { sql: string; params: unknown[] } {
    const where = this.query.where(query);
    return {
      sql: `SELECT doc FROM ${this.table} WHERE ${where.sql} ORDER BY ${this.query.orderBy(query.orderBy)} LIMIT ? OFFSET ?`,
      params: [...where.params, query.limit ?? -1, query.skip ?? 0],
    };
  }

  private countStatement(filter: Filter): { sql: string; params: unknown[] } {
    const where = this.query.where(filter);
    return { sql: `SELECT count(*) AS n FROM ${this.table} WHERE ${where.sql}`, params: where.params };
  }
}
