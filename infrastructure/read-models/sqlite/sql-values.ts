import type { FieldCondition } from '../../../application/ports/read-model-store.ts';

export type SqlValue = string | number | null;

/** A row's field as its column holds it: booleans as 1 or 0, objects and arrays as JSON. */
export function sqlValue(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return JSON.stringify(value);
}

/**
 * SQLite's order of two values of columns without affinity (BINARY collation): numbers before text, numbers by value,
 * text by its UTF-8 bytes. null when either is NULL, as a comparison with NULL is neither true nor false.
 */
export function sqlCompare(a: SqlValue, b: SqlValue): number | null {
  if (a === null || b === null) return null;
  if (typeof a === 'number' || typeof b === 'number') {
    if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
    return typeof a === 'number' ? -1 : 1;
  }
  // UTF-16 order equals UTF-8 byte order except between surrogates and U+E000..U+FFFF.
  if (/[\uD800-\uFFFF]/.test(a) || /[\uD800-\uFFFF]/.test(b)) return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return a < b ? -1 : a > b ? 1 : 0;
}

const literalOf = (value: string | number | boolean): SqlValue => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** Whether a value meets a condition as the SQL of SqliteQuery and SqliteTallies tests it (NULL meets none). */
export function sqlMeets(value: SqlValue, condition: FieldCondition): boolean {
  if (typeof condition !== 'object') return sqlCompare(value, literalOf(condition)) === 0;
  const checks: Array<[bound: string | number | undefined, holds: (order: number) => boolean]> = [
    [condition.gt, (order) => order > 0],
    [condition.gte, (order) => order >= 0],
    [condition.lt, (order) => order < 0],
    [condition.lte, (order) => order <= 0],
  ];
  return checks.every(([bound, holds]) => {
    if (bound === undefined) return true;
    const order = sqlCompare(value, bound);
    return order !== null && holds(order);
  });
}
