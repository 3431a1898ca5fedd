import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../../infrastructure/sqlite/open-database.ts';
import { PeriodicCheckpoint } from '../../../infrastructure/sqlite/periodic-checkpoint.ts';
import { markCheckpointedByThread, unmarkCheckpointedByThread } from '../../../infrastructure/sqlite/checkpoint-thread-files.ts';

describe('PeriodicCheckpoint', () => {
  it('given commits, then the log is copied into the database only once the period has passed, and never by SQLite on its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-'));
    const file = join(dir, 'db.sqlite');
    const db = openDatabase(file);
    try {
      let now = 0;
      const checkpoint = new PeriodicCheckpoint(db, file, { everyMs: 1_000, now: () => now });
      db.exec('CREATE TABLE t (v TEXT)');
      checkpoint.afterCommit();
      const before = statSync(file).size;
      const insert = db.prepare('INSERT INTO t VALUES (?)');
      // Well past SQLite's default of a checkpoint every 1,000 pages.
      for (let i = 0; i < 30; i += 1) db.transaction(() => { for (let j = 0; j < 50; j += 1) insert.run('x'.repeat(4_000)); })();
      now = 999;
      checkpoint.afterCommit();
      expect(statSync(file).size).to.equal(before);
      now = 1_000;
      checkpoint.afterCommit();
      expect(statSync(file).size).to.be.greaterThan(before + 1_500 * 4_000);
      expect(db.pragma('wal_autocheckpoint', { simple: true })).to.equal(0);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given a checkpoint thread copies the file, then the writer checkpoints only after the period the thread set, and after the usual one again once the thread is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-'));
    const file = join(dir, 'db.sqlite');
    const db = openDatabase(file);
    try {
      let now = 0;
      const checkpoint = new PeriodicCheckpoint(db, file, { everyMs: 1_000, now: () => now });
      db.exec('CREATE TABLE t (v TEXT)');
      const insert = db.prepare('INSERT INTO t VALUES (?)');
      const write = () => db.transaction(() => { for (let j = 0; j < 50; j += 1) insert.run('x'.repeat(4_000)); })();
      markCheckpointedByThread([join(dir, '.', 'db.sqlite')], 30_000);
      const before = statSync(file).size;
      write();
      now = 29_999;
      checkpoint.afterCommit();
      expect(statSync(file).size).to.equal(before);
      now = 30_000;
      checkpoint.afterCommit();
      const copied = statSync(file).size;
      expect(copied).to.be.greaterThan(before + 50 * 4_000);

      unmarkCheckpointedByThread([file]);
      write();
      now = 31_000;
      checkpoint.afterCommit();
      expect(statSync(file).size).to.be.greaterThan(copied);
    } finally {
      unmarkCheckpointedByThread([file]);
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
