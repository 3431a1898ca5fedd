import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './open-database.ts';

/**
 * Statements of one connection prepared once per SQL text, for queries built per call from a few shapes (filters, list
 * pages): preparing again on every call costs as much as a short query itself. At most `limit` are kept (the oldest
 * dropped), so a caller whose SQL varies more cannot grow them.
 */
export class PreparedStatements {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: SqliteDatabase,
    /** Rows as arrays (better-sqlite3's raw mode) rather than objects. */
    private readonly raw = false,
    private readonly limit = 64,
  ) {}

  get<Row>(sql: string): Statement<unknown[], Row> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.raw ? this.db.prepare(sql).raw(true) : this.db.prepare(sql);
      if (this.statements.size >= this.limit) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, statement);
    }
    return statement as Statement<unknown[], Row>;
  }

  /** Prepares `sql` again on its next use (its statement names something another connection dropped). */
  forget(sql: string): void {
    this.statements.delete(sql);
  }
}
