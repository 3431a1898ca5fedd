import { storesPeriodBesideThread } from './checkpoint-thread-files.ts';
import type { SqliteDatabase } from './open-database.ts';

interface PeriodicCheckpointOptions {
  /** How often, at most (default 1 s). */
  everyMs?: number;
  now?: () => number;
}

/**
 * Copies the write-ahead log into the database at most once every `everyMs`, right after a commit, instead of
 * SQLite's default of whenever the log passes 1,000 pages: a busy writer pays for fewer, larger checkpoints (a page
 * written many times is copied once) and fewer syncs. PASSIVE: it never waits for other connections' readers. When a
 * checkpoint thread copies the file (the service, a rebuild), the period is the one that thread set (see
 * WalCheckpointer's `storesEveryMs`), and the thread's checkpoint is the fallback if this one stops.
 */
export class PeriodicCheckpoint {
  private last: number;
  private readonly everyMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly file: string,
    options: PeriodicCheckpointOptions = {},
  ) {
    this.everyMs = options.everyMs ?? 1_000;
    this.now = options.now ?? Date.now;
    db.pragma('wal_autocheckpoint = 0');
    // A log grown by a burst is cut back to this size once checkpointed, not kept at its largest.
    db.pragma('journal_size_limit = 67108864');
    this.last = this.now();
  }

  /**
   * Never throws: the commit it follows is written whatever becomes of the copy. A checkpoint that fails (the disk
   * full, as the copy may grow the database file) is tried again a period later, as the checkpoint thread's rounds
   * are; what is wrong with the file shows in the next transaction.
   */
  afterCommit(): void {
    const period = storesPeriodBesideThread(this.file) ?? this.everyMs;
    if (this.now() - this.last < period || !this.db.open || this.db.inTransaction) return;
    this.last = this.now();
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Tried again after the period (above).
    }
  }
}
