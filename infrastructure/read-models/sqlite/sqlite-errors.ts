import { StoreFullError, StoreUnavailableError } from '../../../application/ports/store-errors.ts';
import { isSqliteFullError } from '../../sqlite/sqlite-full-error.ts';
import { isSqliteLockError } from '../../sqlite/sqlite-lock-error.ts';

/**
 * Runs a read-model operation; a lock held too long becomes StoreUnavailableError, a file that cannot grow
 * StoreFullError (the original as cause).
 */
export function guardSqlite<T>(operation: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (isSqliteFullError(error)) throw new StoreFullError('read models', `SQLite ${operation}: ${(error as Error).message}`, { cause: error });
    if (!isSqliteLockError(error)) throw error;
    throw new StoreUnavailableError('read models', `SQLite ${operation}: ${(error as Error).message}`, { cause: error });
  }
}
