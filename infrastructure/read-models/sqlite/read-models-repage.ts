import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';

/** Another connection (the service, a command) has the file open: nothing was changed. */
export class ReadModelsInUseError extends Error {
  constructor(readonly file: string) {
    super(`${file} is open in another process (the service, or another command): stop it and run this again; nothing was changed`);
    this.name = 'ReadModelsInUseError';
  }
}

export interface Repaged {
  file: string;
  from: number;
  to: number;
  changed: boolean;
}

/**
 * Rewrites a read-model file made with other pages (before READ_MODELS_PAGE_SIZE) with pages of `bytes`. SQLite changes
 * the page size of a file only outside WAL mode, and leaves WAL only with no other connection open: with the service
 * still on the file, that fails at once and nothing changes. VACUUM then writes the file anew under a rollback journal,
 * so an interruption leaves the old file whole; the file is back in WAL mode afterwards.
 */
export function repageReadModels(file: string, bytes: number): Repaged {
  if (!existsSync(file)) throw new Error(`no read-model file at ${file} (DATA_DIR holds none yet: a new one is made with ${bytes}-byte pages)`);
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    const from = db.pragma('page_size', { simple: true }) as number;
    if (from === bytes) return { file, from, to: bytes, changed: false };
    try {
      db.pragma('journal_mode = DELETE');
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new ReadModelsInUseError(file);
      throw error;
    }
    try {
      db.pragma(`page_size = ${bytes}`);
      db.exec('VACUUM');
    } finally {
      db.pragma('journal_mode = WAL');
    }
    return { file, from, to: db.pragma('page_size', { simple: true }) as number, changed: true };
  } finally {
    db.close();
  }
}
