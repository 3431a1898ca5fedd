import type { SqliteDatabase } from './open-database.ts';

/**
 * Copies the write-ahead log into the database at most once every `everyMs`, right after a commit, instead of
 * SQLite's default of whenever the log passes 1,000 pages: a busy writer pays for fewer, larger checkpoints (a page
 * written many times is copied once) and fewer syncs. PASSIVE: it never waits for other connections' readers.
 */
export class PeriodicCheckpoint {
  private last: number;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly everyMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {
    db.pragma('wal_autocheckpoint = 0');
    // A log grown by a burst is cut back to this size once checkpointed, not kept at its largest.
    db.pragma('journal_size_limit = 67108864');
    this.last = now();
  }

  afterCommit(): void {
    if (this.now() - this.last < this.everyMs || !this.db.open || this.db.inTransaction) return;
    this.last = this.now();
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }
}
