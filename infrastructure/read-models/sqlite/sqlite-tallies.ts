import type { Statement } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { CollectionDefinition, FieldCondition, Filter, TallyDefinition } from '../../../application/ports/read-model-store.ts';
import type { SqliteDatabase } from '../../sqlite/open-database.ts';
import { SqliteQuery } from './sqlite-query.ts';
import { assertIdentifier, changeSchema, columnOf } from './sqlite-schema.ts';
import { sqlMeets, type SqlValue } from './sql-values.ts';

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

/** The tally's `where` over the table's rows, as 0 or 1 (never NULL); rows are later matched by sqlMeets, its equal. */
function matchSql(where: Record<string, FieldCondition>): string {
  const terms = Object.entries(where).flatMap(([field, condition]) => {
    assertIdentifier(field);
    if (typeof condition !== 'object') return [`${columnOf(field)} = ${literal(condition)}`];
    return (Object.entries(OPERATORS) as Array<[keyof typeof OPERATORS, string]>)
      .filter(([key]) => condition[key] !== undefined)
      .map(([key, operator]) => `${columnOf(field)} ${operator} ${literal(condition[key]!)}`);
  });
  return terms.length === 0 ? '1' : `coalesce((${terms.join(' AND ')}), 0)`;
}

interface SqliteTally {
  definition: TallyDefinition;
  table: string;
  query: SqliteQuery;
  /** The columns of its key after tenant and environment, and its where as (field, condition) pairs. */
  fields: readonly string[];
  where: ReadonlyArray<readonly [string, FieldCondition]>;
  /** Prepared on first use: adds n to an entry of the tally, or makes it. */
  statements?: { update: Statement; insert: Statement };
}

/** A tally's pending change: its key's values (tenant, environment, fields...) and how many rows joined or left. */
interface Delta {
  values: SqlValue[];
  n: number;
}

/** A row's tallied columns, by field name. */
export type TalliedValues = Readonly<Record<string, SqlValue>>;

/**
 * The collection's tallies, each a table of (partition, field values, n). The collection reports each row it writes
 * with its tallied columns before and after (`moved`); the changes wait in memory and are applied by `settle`, which the
 * store runs inside the same transaction as the rows, before it commits (and before a count on this connection), so a
 * tally is never out of step with the committed rows, whichever connection writes them. Not triggers: a trigger makes
 * SQLite keep a statement journal for every row written (a copy of each page the row touches), which cost more than
 * the row itself. A deleted row is reported as moved to nowhere; `clear` empties the tallies with the rows.
 */
export class SqliteTallies {
  private readonly tallies: SqliteTally[];
  /** The same, those with the fewest fields first: of the tallies that fit a count, that one has the fewest entries to sum. */
  private readonly narrowestFirst: SqliteTally[];
  private readonly pending = new Map<SqliteTally, Map<string, Delta>>();
  /** Every field a tally keys on or filters by: what `moved` needs of a row. */
  readonly fields: readonly string[];

  /** Whether writes report their rows: the collection has a tally and is not being built. */
  private keeping: boolean;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly table: string,
    definition: CollectionDefinition,
    { building = false } = {},
  ) {
    this.tallies = (definition.tallies ?? []).map((tally) => ({
      definition: tally,
      table: `${table}__tally_${createHash('sha256').update(JSON.stringify([tally.fields, Object.entries(tally.where ?? {}).map(([f, c]) => [f, canonical(c)])])).digest('hex').slice(0, 8)}`,
      query: new SqliteQuery(tally.fields),
      fields: tally.fields,
      where: Object.entries(tally.where ?? {}),
    }));
    this.narrowestFirst = [...this.tallies].sort((a, b) => a.fields.length - b.fields.length);
    this.fields = [...new Set(this.tallies.flatMap((tally) => [...tally.fields, ...tally.where.map(([field]) => field)]))];
    this.keeping = this.tallies.length > 0 && !building;
    changeSchema(db, () => this.changes(building));
  }

  /** Whether writes must report their rows. */
  get kept(): boolean {
    return this.keeping;
  }

  /** The tallies of a collection built without them, counted from its rows; kept from now on. */
  finishBuilding(): void {
    changeSchema(this.db, () => this.changes(false));
    this.keeping = this.tallies.length > 0;
  }

  /** A row was written (or deleted: no `after`): it leaves the tally entries it was counted in and joins the ones it matches now. */
  moved(tenantId: string, environment: string, before: TalliedValues | undefined, after: TalliedValues | undefined): void {
    for (const tally of this.tallies) {
      const from = before && this.counts(tally, before) ? this.keyOf(tally, tenantId, environment, before) : undefined;
      const to = after && this.counts(tally, after) ? this.keyOf(tally, tenantId, environment, after) : undefined;
      if (from?.[0] === to?.[0]) continue;
      if (from) this.add(tally, from, -1);
      if (to) this.add(tally, to, 1);
    }
  }

  /** Applies the changes waiting since the last call; the caller's transaction holds them with the rows. */
  settle(): void {
    for (const [tally, deltas] of this.pending) {
      const { update, insert } = this.statementsOf(tally);
      for (const { values, n } of deltas.values()) {
        if (n === 0) continue;
        if (update.run(n, ...values).changes === 0) insert.run(...values, n);
      }
    }
    this.pending.clear();
  }

  /** The sum of tallies that answers `count(filter)` exactly, or undefined when no tally fits the filter. */
  countStatement(filter: Filter): { sql: string; params: unknown[] } | undefined {
    const where = filter.where ?? {};
    for (const tally of this.narrowestFirst) {
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
    this.pending.clear();
    for (const tally of this.tallies) this.db.exec(`DELETE FROM ${tally.table}`);
  }

  private statementsOf(tally: SqliteTally): { update: Statement; insert: Statement } {
    if (!tally.statements) {
      const key = ['tenant_id', 'environment', ...tally.fields.map(columnOf)];
      tally.statements = {
        update: this.db.prepare(`UPDATE ${tally.table} SET n = n + ? WHERE ${key.map((column) => `${column} IS ?`).join(' AND ')}`),
        insert: this.db.prepare(`INSERT INTO ${tally.table} (${key.join(', ')}, n) VALUES (${key.map(() => '?').join(', ')}, ?)`),
      };
    }
    return tally.statements;
  }

  private counts(tally: SqliteTally, values: TalliedValues): boolean {
    return tally.where.every(([field, condition]) => sqlMeets(values[field] ?? null, condition));
  }

  private keyOf(tally: SqliteTally, tenantId: string, environment: string, values: TalliedValues): [string, SqlValue[]] {
    const key = [tenantId, environment, ...tally.fields.map((field) => values[field] ?? null)];
    return [JSON.stringify(key), key];
  }

  private add(tally: SqliteTally, [id, values]: [string, SqlValue[]], n: number): void {
    let deltas = this.pending.get(tally);
    if (!deltas) this.pending.set(tally, (deltas = new Map()));
    const delta = deltas.get(id);
    if (delta) delta.n += n;
    else deltas.set(id, { values, n });
  }

  /**
   * What makes the tallies' tables the definition's: triggers of an older version dropped, tables of tallies it no
   * longer has dropped, its new ones made and counted from the rows already there. Building, every tally is dropped:
   * any it had would go stale.
   */
  private changes(building: boolean): string[] {
    const present = this.present();
    const wanted = new Set(building ? [] : this.tallies.map((tally) => tally.table));
    // Triggers kept the tallies before; left in place they would count every row twice.
    const triggers = this.db
      .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'trigger'`)
      .all()
      .map((row) => row.name)
      .filter((name) => present.some((tally) => name === `${tally}_insert` || name === `${tally}_update`));
    return [
      ...triggers.map((name) => `DROP TRIGGER IF EXISTS ${name}`),
      ...present.filter((name) => !wanted.has(name)).map((name) => `DROP TABLE ${name}`),
      ...this.tallies.filter((tally) => wanted.has(tally.table) && !present.includes(tally.table)).map((tally) => createSql(tally, this.table)),
    ];
  }

  private present(): string[] {
    return this.db
      .prepare<[string], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB ?`)
      .all(`${this.table}__tally_*`)
      .map((row) => row.name);
  }
}

/** The tally's table, filled from the rows of `rowsTable` already there. */
function createSql({ definition, table }: SqliteTally, rowsTable: string): string {
  const columns = definition.fields.map(columnOf);
  const list = ['tenant_id', 'environment', ...columns].join(', ');
  return `
    CREATE TABLE ${table} (tenant_id TEXT NOT NULL, environment TEXT NOT NULL${columns.map((c) => `, ${c}`).join('')}, n INTEGER NOT NULL);
    CREATE INDEX ${table}_key ON ${table} (${list});
    INSERT INTO ${table} SELECT ${list}, count(*) FROM ${rowsTable} WHERE ${matchSql(definition.where ?? {})} GROUP BY ${list};`;
}
