import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDatabase = Database.Database;

/**
 * WAL with synchronous=NORMAL: a committed transaction survives a process crash (SIGKILL);
 * only a power loss can drop the last commits, and never corrupts the file.
 * busy_timeout lets the CLI and the service write the same file.
 * `pageSize` (bytes, a power of two from 512 to 65536) applies to a file this call creates.
 */
export function openDatabase(file: string, { pageSize }: { pageSize?: number } = {}): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // Only a new file takes it (before its first table); a file in WAL mode keeps the page size it was made with.
  if (pageSize !== undefined) db.pragma(`page_size = ${pageSize}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}
