import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../../infrastructure/sqlite/open-database.ts';
import { PeriodicCheckpoint } from '../../../infrastructure/sqlite/periodic-checkpoint.ts';
import { markCheckpointedByThread, unmarkCheckpointedByThread } from '../../../infrastructure/sqlite/checkpoint-thread-files.ts';

interface Scratch {
  dir: string;
  file: string;
  db: SqliteDatabase;
  checkpoint: PeriodicCheckpoint;
  /** The clock the checkpoint reads. */
  at(ms: number): void;
  /** Commits 50 rows of 4,000 bytes. */
  write(): void;
}

/** A fresh file with a PeriodicCheckpoint (every 1 s of a clock the test moves) and a table to write to. */
function withScratch(test: (scratch: Scratch) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'checkpoint-'));
  const file = join(dir, 'db.sqlite');
  const db = openDatabase(file);
  try {
    let now = 0;
    const checkpoint = new PeriodicCheckpoint(db, file, { everyMs: 1_000, now: () => now });
    db.exec('CREATE TABLE t (v TEXT)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    const write = () => db.transaction(() => { for (let j = 0; j < 50; j += 1) insert.run('x'.repeat(4_000)); })();
    test({ dir, file, db, checkpoint, at: (ms) => (now = ms), write });
  } finally {
    unmarkCheckpointedByThread([file]);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('PeriodicCheckpoint', () => {
  it('given commits, then the log is copied into the database only once the period has passed, and never by SQLite on its own', () =>
    withScratch(({ file, db, checkpoint, at, write }) => {
      checkpoint.afterCommit();
      const before = statSync(file).size;
      // Well past SQLite's default of a checkpoint every 1,000 pages.
      for (let i = 0; i < 30; i += 1) write();
      at(999);
      checkpoint.afterCommit();
      expect(statSync(file).size).to.equal(before);
      at(1_000);
      checkpoint.afterCommit();
      expect(statSync(file).size).to.be.greaterThan(before + 1_500 * 4_000);
      expect(db.pragma('wal_autocheckpoint', { simple: true })).to.equal(0);
    }));

  it('given a checkpoint thread copies the file, then the writer checkpoints only after the period the thread set, and after the usual one again once the thread is gone', () =>
    withScratch(({ dir, file, checkpoint, at, write }) => {
      markCheckpointedByThread([join(dir, '.', 'db.sqlite')], 30_000);
      const before = statSync(file).size;
      write();
      at(29_999);
      checkpoint.afterCommit();
      expect(statSync(file).size).to.equal(before);
      at(30_000);
      checkpoint.afterCommit();
      const copied = statSync(file).size;
      expect(copied).to.be.greaterThan(before + 50 * 4_000);

      unmarkCheckpointedByThread([file]);
      write();
      at(31_000);
      checkpoint.afterCommit();
      expect(statSync(file).size).to.be.greaterThan(copied);
    }));

  it('given the checkpoint fails (the disk full), then the commit it follows is not failed, and it is tried again a period later', () =>
    withScratch(({ file, db }) => {
      const tried: string[] = [];
      const failing = new Proxy(db, {
        get(target, property) {
          if (property !== 'pragma') return Reflect.get(target, property);
          return (sql: string) => {
            if (!sql.startsWith('wal_checkpoint')) return target.pragma(sql);
            tried.push(sql);
            throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
          };
        },
      });
      let now = 0;
      const checkpoint = new PeriodicCheckpoint(failing, file, { everyMs: 1_000, now: () => now });
      now = 1_000;
      expect(() => checkpoint.afterCommit()).not.to.throw();
      expect(tried).to.deep.equal(['wal_checkpoint(PASSIVE)']);
      now = 1_999;
      checkpoint.afterCommit();
      expect(tried).to.have.length(1);
      now = 2_000;
      checkpoint.afterCommit();
      expect(tried).to.have.length(2);
    }));
});

