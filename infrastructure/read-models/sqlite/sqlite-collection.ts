import type {
  CollectionDefinition,
  FieldCondition,
  Filter,
  Query,
  ReadModelCollection,
  RowKey,
} from '../../../application/ports/read-model-store.ts';
import type { SqliteDatabase } from '../../sqlite/open-database.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function sqlValue(value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return JSON.stringify(value);
}

/**
 * One table per collection: key columns, the stream revision that wrote the row, the row as JSON, and one column
 * per indexed field (copied from the row on write, so indexes and filters never re-parse the JSON).
 */
export class SqliteCollection<T extends object> implements ReadModelCollection<T> {
  private readonly table: string;
  private readonly indexed: readonly string[];
  private readonly getRow;
  private readonly upsertRow;

  constructor(
    private readonly db: SqliteDatabase,
    definition: CollectionDefinition,
    private readonly beforeWrite: () => void = () => undefined,
  ) {
    if (!IDENTIFIER.test(definition.name)) throw new Error(`invalid collection name: ${definition.name}`);
    this.table = `rm_${definition.name}`;
    this.indexed = [...new Set(definition.indexes.flat())];
    this.indexed.forEach(assertIdentifier);
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (
      tenant_id TEXT NOT NULL, environment TEXT NOT NULL, id TEXT NOT NULL,
      revision INTEGER NOT NULL, doc TEXT NOT NULL,
      PRIMARY KEY (tenant_id, environment, id))`);
    const existing = new Set(db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${this.table}')`).all().map((c) => c.name));
    for (const name of this.indexed) {
      if (!existing.has(`f_${name}`)) db.exec(`ALTER TABLE ${this.table} ADD COLUMN f_${name}`);
    }
    definition.indexes.forEach((fields, index) => {
      const columns = ['tenant_id', 'environment', ...fields.map((name) => `f_${name}`)].join(', ');
      db.exec(`CREATE INDEX IF NOT EXISTS ${this.table}_f${index} ON ${this.table} (${columns})`);
    });
    this.getRow = db.prepare<[string, string, string], { doc: string }>(
      `SELECT doc FROM ${this.table} WHERE tenant_id = ? AND environment = ? AND id = ?`,
    );
    const columns = this.indexed.map((name) => `f_${name}`);
    this.upsertRow = db.prepare(
      `INSERT INTO ${this.table} (tenant_id, environment, id, revision, doc${columns.map((c) => `, ${c}`).join('')})
       VALUES (?, ?, ?, ?, ?${columns.map(() => ', ?').join('')})
       ON CONFLICT (tenant_id, environment, id) DO UPDATE SET revision = excluded.revision, doc = excluded.doc${columns
         .map((c) => `, ${c} = excluded.${c}`)
         .join('')}
       WHERE excluded.revision > ${this.table}.revision`,
    );
  }

  private field(name: string): string {
    assertIdentifier(name);
    return this.indexed.includes(name) ? `f_${name}` : `json_extract(doc, '$.${name}')`;
  }

  async get(key: RowKey): Promise<T | null> {
    const row = this.getRow.get(key.tenantId, key.environment, key.id);
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async upsert(key: RowKey, revision: bigint, row: T): Promise<boolean> {
    this.beforeWrite();
    const values = this.indexed.map((name) => sqlValue((row as Record<string, unknown>)[name]));
    const info = this.upsertRow.run(key.tenantId, key.environment, key.id, Number(revision), JSON.stringify(row), ...values);
    return info.changes > 0;
  }

  async find(query: Query): Promise<T[]> {
    const { where, params } = this.where(query);
    const order = query.orderBy.map(([name, direction]) => `${this.field(name)} ${direction === 'desc' ? 'DESC' : 'ASC'}`);
    const orderClause = order.length ? `ORDER BY ${order.join(', ')}` : '';
    const rows = this.db
      .prepare<unknown[], { doc: string }>(`SELECT doc FROM ${this.table} WHERE ${where} ${orderClause} LIMIT ? OFFSET ?`)
      .all(...params, query.limit ?? -1, query.skip ?? 0);
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  async count(filter: Filter): Promise<number> {
    const { where, params } = this.where(filter);
    return this.db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM ${this.table} WHERE ${where}`).get(...params)!.n;
  }

  private where(filter: Filter): { where: string; params: Array<string | number> } {
    const conditions = ['tenant_id = ?', 'environment = ?'];
    const params: Array<string | number> = [filter.tenantId, filter.environment];
    for (const [name, condition] of Object.entries(filter.where ?? {})) {
      appendCondition(conditions, params, this.field(name), condition);
    }
    return { where: conditions.join(' AND '), params };
  }

  async clear(): Promise<void> {
    this.beforeWrite();
    this.db.exec(`DELETE FROM ${this.table}`);
  }
}

function assertIdentifier(name: string): void {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid read-model field name: ${name}`);
}

function appendCondition(conditions: string[], params: Array<string | number>, column: string, condition: FieldCondition): void {
  if (typeof condition !== 'object') {
    conditions.push(`${column} = ?`);
    params.push(sqlValue(condition) as string | number);
    return;
  }
  const operators = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;
  for (const [key, operator] of Object.entries(operators) as Array<[keyof typeof operators, string]>) {
    const value = condition[key];
    if (value !== undefined) {
      conditions.push(`${column} ${operator} ?`);
      params.push(value);
    }
  }
}
