import { createHash } from 'node:crypto';
import type { CollectionDefinition, FieldCondition, Filter, TallyDefinition } from '../../../application/ports/read-model-store.ts';
import type { SqliteDatabase } from '../../sqlite/open-database.ts';
import { SqliteQuery } from './sqlite-query.ts';
import { assertIdentifier, columnOf } from './sqlite-schema.ts';

const OPERATORS = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;

/** A condition's identity, so that a filter's condition can be matched with a tally's. */
const canonical = (condition: FieldCondition) =>
  typeof condition === 'object'
    ? JSON.stringify(Object.entries(condition).filter(([, value]) => value !== undefined).sort(([a], [b]) => a.localeCompare(b)))
    : JSON.stringify(condition);

function literal(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`a tally condition needs a finite number, not ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** The tally's `where` over the row named `row` (NEW, OLD, or none), as 0 or 1 (never NULL). */
function matchSql(where: Record<string, FieldCondition>, row: string): string {
  const column = (field: string) => `${row ? `${row}.` : ''}${columnOf(field)}`;
  const terms = Object.entries(where).flatMap(([field, condition]) => {
    assertIdentifier(field);
    if (typeof condition !== 'object') return [`${column(field)} = ${literal(condition)}`];
    return (Object.entries(OPERATORS) as Array<[keyof typeof OPERATORS, string]>)
      .filter(([key]) => condition[key] !== undefined)
      .map(([key, operator]) => `${column(field)} ${operator} ${literal(condition[key]!)}`);
  });
  return terms.length === 0 ? '1' : `coalesce((${terms.join(' AND ')}), 0)`;
}

interface SqliteTally {
  definition: TallyDefinition;
  table: string;
  query: SqliteQuery;
}

/**
 * The collection's tallies, each a table of (partition, field values, n) kept by triggers on the collection's table:
 * they run inside the statement that writes the row, so a tally is never out of step with the rows, whoever writes
 * them. Rows leave only through `clear`, which empties the tallies too (no delete trigger, so clearing stays fast).
 */
export class SqliteTallies {
  private readonly tallies: SqliteTally[];

  constructor(
    private readonly db: SqliteDatabase,
    private readonly table: string,
    definition: CollectionDefinition,
  ) {
    this.tallies = (definition.tallies ?? []).map((tally) => ({
      definition: tally,
      table: `${table}__tally_${createHash('sha256').update(JSON.stringify([tally.fields, Object.entries(tally.where ?? {}).map(([f, c]) => [f, canonical(c)])])).digest('hex').slice(0, 8)}`,
      query: new SqliteQuery(tally.fields),
    }));
    db.transaction(() => this.ensure())();
  }

  /** The sum of tallies that answers `count(filter)` exactly, or undefined when no tally fits the filter. */
  countStatement(filter: Filter): { sql: string; params: unknown[] } | undefined {
    const where = filter.where ?? {};
    for (const tally of this.tallies) {
      const fixed = tally.definition.where ?? {};
      if (Object.entries(fixed).some(([field, condition]) => !(field in where) || canonical(where[field]) !== canonical(condition))) continue;
      const rest = Object.entries(where).filter(([field]) => !(field in fixed));
      if (rest.some(([field]) => !tally.definition.fields.includes(field))) continue;
      const conditions = tally.query.where({ tenantId: filter.tenantId, environment: filter.environment, where: Object.fromEntries(rest) });
      return { sql: `SELECT coalesce(sum(n), 0) AS n FROM ${tally.table} WHERE ${conditions.sql}`, params: conditions.params };
    }
    return undefined;
  }

  clear(): void {
    for (const tally of this.tallies) this.db.exec(`DELETE FROM ${tally.table}`);
  }

  private ensure(): void {
    const wanted = new Set(this.tallies.map((tally) => tally.table));
    const present = this.db
      .prepare<[string], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB ?`)
      .all(`${this.table}__tally_*`)
      .map((row) => row.name);
    for (const name of present) {
      if (wanted.has(name)) continue;
      this.db.exec(`DROP TRIGGER IF EXISTS ${name}_insert; DROP TRIGGER IF EXISTS ${name}_update; DROP TABLE ${name}`);
    }
    for (const tally of this.tallies) if (!present.includes(tally.table)) this.create(tally);
  }

  /** The tally's table, filled from the rows already there, and the triggers that keep it from now on. */
  private create({ definition, table }: SqliteTally): void {
    const columns = definition.fields.map(columnOf);
    const where = definition.where ?? {};
    const keyOf = (row: string) => ['tenant_id', 'environment', ...columns].map((column) => `${column} IS ${row}.${column}`).join(' AND ');
    const valuesOf = (row: string) => ['tenant_id', 'environment', ...columns].map((column) => `${row}.${column}`).join(', ');
    const add = (guard: string) => `UPDATE ${table} SET n = n + 1 WHERE ${keyOf('NEW')} AND ${guard};
      INSERT INTO ${table} SELECT ${valuesOf('NEW')}, 1 WHERE ${guard} AND NOT EXISTS (SELECT 1 FROM ${table} WHERE ${keyOf('NEW')});`;
    const list = ['tenant_id', 'environment', ...columns].join(', ');
    this.db.exec(`
      CREATE TABLE ${table} (tenant_id TEXT NOT NULL, environment TEXT NOT NULL${columns.map((c) => `, ${c}`).join('')}, n INTEGER NOT NULL);
      CREATE INDEX ${table}_key ON ${table} (${list});
      INSERT INTO ${table} SELECT ${list}, count(*) FROM ${this.table} WHERE ${matchSql(where, '')} GROUP BY ${list};
      CREATE TRIGGER ${table}_insert AFTER INSERT ON ${this.table} WHEN ${matchSql(where, 'NEW')} BEGIN ${add('1')} END;
      CREATE TRIGGER ${table}_update AFTER UPDATE ON ${this.table}
        WHEN NOT (${columns.map((c) => `OLD.${c} IS NEW.${c} AND `).join('')}${matchSql(where, 'OLD')} = ${matchSql(where, 'NEW')})
      BEGIN
        UPDATE ${table} SET n = n - 1 WHERE ${keyOf('OLD')} AND ${matchSql(where, 'OLD')};
        ${add(matchSql(where, 'NEW'))}
      END;`);
  }
}
