import Database from 'better-sqlite3';
import { expect } from 'chai';
import { StoreUnavailableError } from '../../../../application/ports/store-errors.ts';
import { guardSqlite } from '../../../../infrastructure/read-models/sqlite/sqlite-errors.ts';
import { isSqliteLockError } from '../../../../infrastructure/sqlite/sqlite-lock-error.ts';

describe('SQLite read-model errors', () => {
  it('given busy or locked codes (extended ones too), then a lock error; any other, then not', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED', 'SQLITE_LOCKED_SHAREDCACHE']) {
      expect(isSqliteLockError(new Database.SqliteError('database is locked', code)), code).to.equal(true);
    }
    for (const error of [new Database.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'), new Database.SqliteError('disk I/O error', 'SQLITE_IOERR'), Object.assign(new Error('x'), { code: 'SQLITE_BUSY' })]) {
      expect(isSqliteLockError(error), String(error)).to.equal(false);
    }
  });

  it('given a lock error, then StoreUnavailableError naming the operation with the original as cause; other errors pass through', () => {
    const busy = new Database.SqliteError('database is locked', 'SQLITE_BUSY');
    expect(() => guardSqlite('upsert on rm_documents', () => { throw busy; }))
      .to.throw(StoreUnavailableError, 'read models unavailable: SQLite upsert on rm_documents: database is locked')
      .with.property('cause', busy);
    const constraint = new Database.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE');
    expect(() => guardSqlite('upsert', () => { throw constraint; })).to.throw(constraint);
    expect(guardSqlite('get', () => 42)).to.equal(42);
  });
});
