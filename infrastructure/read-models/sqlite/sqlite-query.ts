import type { FieldCondition, Filter, Query } from '../../../application/ports/read-model-store.ts';
import { keysetOf } from '../keyset.ts';
import { assertIdentifier, columnOf } from './sqlite-schema.ts';

type SqlValue = string | number | null;

export function sqlValue(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return JSON.stringify(value);
}

const OPERATORS = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;

/** Translates the port's filters and orders to SQL over one collection's table. */
export class SqliteQuery {
  constructor(private readonly indexed: readonly string[]) {}

  /** An indexed field reads its column; any other reads the JSON. */
  column(field: string): string {
    assertIdentifier(field);
    return this.indexed.includes(field) ? columnOf(field) : `json_extract(doc, '$.${field}')`;
  }

  where(filter: Filter): { sql: string; params: SqlValue[] } {
    const conditions = ['tenant_id = ?', 'environment = ?'];
    const params: SqlValue[] = [filter.tenantId, filter.environment];
    for (const [field, condition] of Object.entries(filter.where ?? {})) this.condition(conditions, params, this.column(field), condition);
    return { sql: conditions.join(' AND '), params };
  }

  /** The query's conditions and, for a keyset page, the row-value comparison that starts it after `after` (an index range). */
  whereAfter(query: Query): { sql: string; params: SqlValue[] } {
    const where = this.where(query);
    const keyset = keysetOf(query);
    if (!keyset) return where;
    const columns = [...keyset.fields.map((field) => this.column(field)), 'id'];
    const operator = keyset.direction === 'desc' ? '<' : '>';
    const placeholders = columns.map(() => '?').join(', ');
    return { sql: `${where.sql} AND (${columns.join(', ')}) ${operator} (${placeholders})`, params: [...where.params, ...keyset.values, keyset.id] };
  }

  /** The port's order, then the key's id in the direction of the last entry. */
  orderBy(orderBy: Query['orderBy']): string {
    const terms = orderBy.map(([field, direction]) => `${this.column(field)} ${direction === 'desc' ? 'DESC' : 'ASC'}`);
    const last = orderBy.at(-1)?.[1] ?? 'asc';
    return [...terms, `id ${last === 'desc' ? 'DESC' : 'ASC'}`].join(', ');
  }

  private condition(conditions: string[], params: SqlValue[], column: string, condition: FieldCondition): void {
    if (typeof condition !== 'object') {
      conditions.push(`${column} = ?`);
      params.push(sqlValue(condition));
      return;
    }
    for (const [key, operator] of Object.entries(OPERATORS) as Array<[keyof typeof OPERATORS, string]>) {
      const value = condition[key];
      if (value === undefined) continue;
      conditions.push(`${column} ${operator} ?`);
      params.push(value);
    }
  }
}
