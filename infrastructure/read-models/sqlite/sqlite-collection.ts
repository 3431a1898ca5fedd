import type { Filter, Query, QueryPlan, ReadModelCollection, RowKey } from '../../../application/ports/read-model-store.ts';
import { guardSqlite } from './sqlite-errors.ts';
import { chooseIndex } from './sqlite-index-choice.ts';
import { readSqlitePlan } from './sqlite-plan.ts';
import type { SqliteTable } from './sqlite-table.ts';

/** The rows of one table as rows of type T: the table keeps each row as the JSON it was given. */
export class SqliteCollection<T extends object> implements ReadModelCollection<T> {
  constructor(private readonly table: SqliteTable) {}

  async get(key: RowKey): Promise<T | null> {
    const doc = guardSqlite(`get on ${this.table.name}`, () => this.table.read(key.tenantId, key.environment, key.id));
    return doc === undefined ? null : (JSON.parse(doc) as T);
  }

  async upsert(key: RowKey, revision: bigint, row: T): Promise<boolean> {
    return guardSqlite(`upsert on ${this.table.name}`, () => {
      this.table.beforeWrite();
      return this.table.writeRow(key.tenantId, key.environment, key.id, revision, row);
    });
  }

  async remove(key: RowKey, revision: bigint): Promise<boolean> {
    return guardSqlite(`remove on ${this.table.name}`, () => {
      this.table.beforeWrite();
      return this.table.removeRow(key.tenantId, key.environment, key.id, revision);
    });
  }

  async find(query: Query): Promise<T[]> {
    const rows = guardSqlite(`find on ${this.table.name}`, () => {
      // This connection's own rows not yet committed are visible to it, the waiting ones too.
      this.table.settle();
      const { sql, params } = this.findStatement(query);
      try {
        return this.table.queries.get<{ doc: string }>(sql).all(...params);
      } catch (error) {
        // Another connection changed the schema under the hint (an index of an older definition): let SQLite choose.
        if (!/no such index/.test(String((error as Error).message))) throw error;
        this.table.queries.forget(sql);
        const plain = this.findStatement(query, false);
        return this.table.queries.get<{ doc: string }>(plain.sql).all(...plain.params);
      }
    });
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  async count(filter: Filter): Promise<number> {
    const { sql, params } = this.countStatement(filter);
    return guardSqlite(`count on ${this.table.name}`, () => {
      // This connection's own rows not yet committed count for it, the waiting ones and their tallies too.
      this.table.settle();
      return this.table.queries.get<{ n: number }>(sql).get(...params)!.n;
    });
  }

  async explain(query: Query | Filter): Promise<QueryPlan> {
    const { sql, params } = 'orderBy' in query ? this.findStatement(query) : this.countStatement(query);
    return readSqlitePlan(guardSqlite(`explain on ${this.table.name}`, () => this.table.db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).all(...params)));
  }

  async clear(): Promise<void> {
    guardSqlite(`clear on ${this.table.name}`, () => {
      this.table.beforeWrite();
      this.table.clear();
    });
  }

  /** With the index chooseIndex names, so the plan does not hang on SQLite's guesses (see there). */
  private findStatement(query: Query, hinted = true): { sql: string; params: unknown[] } {
    const where = this.table.query.whereAfter(query);
    const index = hinted ? chooseIndex(this.table.indexes, query) : undefined;
    return {
      sql: `SELECT doc FROM ${this.table.name}${index ? ` INDEXED BY ${index.name}` : ''} WHERE ${where.sql} ORDER BY ${this.table.query.orderBy(query.orderBy)} LIMIT ? OFFSET ?`,
      params: [...where.params, query.limit ?? -1, query.skip ?? 0],
    };
  }

  /** From a tally when one fits the filter (see TallyDefinition), else by counting the rows. */
  private countStatement(filter: Filter): { sql: string; params: unknown[] } {
    const tallied = this.table.tallies.countStatement(filter);
    if (tallied) return tallied;
    const where = this.table.query.where(filter);
    return { sql: `SELECT count(*) AS n FROM ${this.table.name} WHERE ${where.sql}`, params: where.params };
  }
}
