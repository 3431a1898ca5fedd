import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { isSqliteLockError } from './sqlite-lock-error.ts';

export type SqliteDatabase = Database.Database;

const BUSY_TIMEOUT_MS = 5_000;

/**
 * WAL with synchronous=NORMAL: a committed transaction survives a process crash (SIGKILL);
 * only a power loss can drop the last commits, and never corrupts the file.
 * The busy timeout (set when the file opens, so the switch to WAL has it too) lets the CLI and the service write the
 * same file.
 * `pageSize` (bytes, a power of two from 512 to 65536) applies to a file this call creates.
 */
export function openDatabase(file: string, { pageSize }: { pageSize?: number } = {}): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  let db: SqliteDatabase | undefined;
  try {
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    // Only a new file takes it (before its first table); a file in WAL mode keeps the page size it was made with.
    if (pageSize !== undefined) db.pragma(`page_size = ${pageSize}`);
    enterWal(db);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db?.close();
    throw isUnreadableFile(error) ? new UnreadableStoreFileError(file, error) : error;
  }
}

/** A store file SQLite cannot use: not a database, damaged, or not openable (a folder, no permission). */
export class UnreadableStoreFileError extends Error {
  constructor(
    readonly file: string,
    cause: InstanceType<typeof Database.SqliteError>,
  ) {
    super(`${file}: ${cause.message} (${cause.code}). ${cause.code.startsWith('SQLITE_CANTOPEN') ? CANNOT_OPEN : DAMAGED}`, { cause });
    this.name = 'UnreadableStoreFileError';
  }
}

const CANNOT_OPEN = 'Is it a folder, or may this user not read and write it and its folder?';
const DAMAGED =
  "If it is this service's store file, it is damaged: move it aside and restore a backup (npm run cli -- restore); " +
  'read-models.sqlite and coordination.sqlite (with their -wal and -shm files) may instead be removed, as the service makes them again (the read models from the log)';

function isUnreadableFile(error: unknown): error is InstanceType<typeof Database.SqliteError> {
  return error instanceof Database.SqliteError && /^SQLITE_(NOTADB|CORRUPT|CANTOPEN)/.test(error.code);
}

/**
 * Two connections switching one new file to WAL at once: the one that loses is refused SQLITE_BUSY at once, without
 * the busy handler (seen about once in seventy when two processes open a fresh DATA_DIR together). So the switch is
 * tried again every few milliseconds, until the busy timeout has passed since the first try.
 */
function enterWal(db: SqliteDatabase): void {
  const until = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!isSqliteLockError(error) || Date.now() >= until) throw error;
      Atomics.wait(PAUSE, 0, 0, 2);
    }
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));
