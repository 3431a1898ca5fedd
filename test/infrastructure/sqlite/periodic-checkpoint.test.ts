import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../../infrastructure/sqlite/open-database.ts';
import { PeriodicCheckpoint } from '../../../infrastructure/sqlite/periodic-checkpoint.ts';

describe('PeriodicCheckpoint', () => {
  it('given commits, then the log is copied into the database only once the period has passed, and never by SQLite on its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-'));
    const file = join(dir, 'db.sqlite');
    const db = openDatabase(file);
    try {
      let now = 0;
      const checkpoint = new PeriodicCheckpoint(db, 1_000, () => now);
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
});
