import Database from 'better-sqlite3';

/** SQLITE_FULL: the file could not grow (the disk, or the file system's quota, is full). */
export function isSqliteFullError(error: unknown): boolean {
  return error instanceof Database.SqliteError && /^SQLITE_FULL/.test(error.code);
}
