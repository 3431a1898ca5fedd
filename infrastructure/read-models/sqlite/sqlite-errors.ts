import Database from 'better-sqlite3';
import { StoreUnavailableError } from '../../../application/ports/store-errors.ts';

/** SQLITE_BUSY and SQLITE_LOCKED (with their extended codes): another connection held the lock past the busy timeout. */
export function isSqliteLockError(error: unknown): boolean {
  return error instanceof Database.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code);
}

/** Runs a read-model operation; a lock held too long becomes StoreUnavailableError (the original as cause). */
export function guardSqlite<T>(operation: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!isSqliteLockError(error)) throw error;
    throw new StoreUnavailableError('read models', `SQLite ${operation}: ${(error as Error).message}`, { cause: error });
  }
}
