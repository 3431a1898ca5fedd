import Database from 'better-sqlite3';
import { expect } from 'chai';
import type { FieldCondition } from '../../../../application/ports/read-model-store.ts';
import { sqlMeets, type SqlValue } from '../../../../infrastructure/read-models/sqlite/sql-values.ts';

const OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

describe('sqlMeets: a row matched in memory as SQLite matches it', () => {
  const db = new Database(':memory:');
  after(() => db.close());

  /** SQLite's own answer, with the value in a column without affinity, as the read models store fields. */
  const sqlite = (value: SqlValue, condition: FieldCondition): boolean => {
    db.exec('DROP TABLE IF EXISTS probe; CREATE TABLE probe (f)');
    db.prepare('INSERT INTO probe VALUES (?)').run(value);
    const terms: string[] = [];
    const params: unknown[] = [];
    if (typeof condition !== 'object') {
      terms.push('f = ?');
      params.push(typeof condition === 'boolean' ? (condition ? 1 : 0) : condition);
    } else {
      for (const [key, operator] of Object.entries(OPERATORS) as Array<[keyof typeof OPERATORS, string]>) {
        if (condition[key] === undefined) continue;
        terms.push(`f ${operator} ?`);
        params.push(condition[key]);
      }
    }
    return db.prepare<unknown[], { m: number }>(`SELECT coalesce((${terms.join(' AND ')}), 0) AS m FROM probe`).get(...params)!.m === 1;
  };

  const values: SqlValue[] = [null, 0, 1, 1.5, -2, 10, '', 'a', 'B', 'b', '1', '10', '2', 'é', 'z', '\uE000', '\u{1F600}', '2026-01-05T10:00:00.000Z'];
  const bounds: Array<string | number> = ['', 'a', '1', '2', 1, 2, '\uE000', '\u{1F600}', '2026-01-05'];

  it('given every pair of sample values and bounds, then equality and each range operator agree with SQLite', () => {
    let checked = 0;
    for (const value of values) {
      const conditions: FieldCondition[] = [true, false, ...bounds, ...bounds.flatMap((bound) => [{ gt: bound }, { gte: bound }, { lt: bound }, { lte: bound }]), { gt: '', lt: 'b' }, { gte: 1, lte: 'a' }];
      for (const condition of conditions) {
        expect(sqlMeets(value, condition), `${JSON.stringify(value)} meets ${JSON.stringify(condition)}`).to.equal(sqlite(value, condition));
        checked += 1;
      }
    }
    expect(checked).to.equal(values.length * (2 + bounds.length * 5 + 2));
  });
});
