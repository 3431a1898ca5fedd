import Database from 'better-sqlite3';

/** SQLITE_BUSY and SQLITE_LOCKED (with their extended codes): another connection held the lock past the busy timeout. */
export function isSqliteLockError(error: unknown): boolean {
  return error instanceof Database.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code);
}
