import Database from 'better-sqlite3';
import { expect } from 'chai';
import { StoreFullError, StoreUnavailableError, isStoreFull } from '../../../application/ports/store-errors.ts';
import { guardSqlite } from '../../../infrastructure/read-models/sqlite/sqlite-errors.ts';
import { isSqliteFullError } from '../../../infrastructure/sqlite/sqlite-full-error.ts';

/** SQLite's own SQLITE_FULL, from a database not allowed to grow past a few pages (as a full disk refuses a file). */
function fullDatabaseError(): unknown {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE rows (body TEXT)');
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
  try {
    db.prepare('INSERT INTO rows (body) VALUES (?)').run('x'.repeat(100_000));
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error('the database grew past its page limit');
}

describe('SQLite refusing to grow (SQLITE_FULL)', () => {
  it('is recognised as a full store, and a lock or any other SQLite failure is not', () => {
    const full = fullDatabaseError();

    expect((full as { code: string }).code).to.equal('SQLITE_FULL');
    expect(isSqliteFullError(full)).to.equal(true);
    expect(isSqliteFullError(new Database.SqliteError('database is locked', 'SQLITE_BUSY'))).to.equal(false);
    expect(isSqliteFullError(new Error('database or disk is full'))).to.equal(false);
  });

  it('becomes StoreFullError for the read models (the original as cause), as a held lock becomes StoreUnavailableError', () => {
    const full = fullDatabaseError();

    const error = (() => {
      try {
        return guardSqlite('upsert of rm_documents', () => {
          throw full;
        });
      } catch (caught) {
        return caught;
      }
    })();

    expect(error).to.be.instanceOf(StoreFullError);
    expect(isStoreFull(error)).to.equal(true);
    expect((error as Error).message).to.equal('read models full: SQLite upsert of rm_documents: database or disk is full');
    expect((error as Error).cause).to.equal(full);
    expect(() => guardSqlite('read', () => { throw new Database.SqliteError('database is locked', 'SQLITE_BUSY'); })).to.throw(StoreUnavailableError);
  });
});
