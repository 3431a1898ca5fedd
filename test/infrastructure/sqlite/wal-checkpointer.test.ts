import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../../infrastructure/sqlite/open-database.ts';
import { WalCheckpointer } from '../../../infrastructure/sqlite/wal-checkpointer.ts';
import { filesCheckpointedByThread } from '../../../infrastructure/sqlite/checkpoint-thread-files.ts';
import { eventually, silentLogger } from '../../support/fixtures.ts';

describe('WalCheckpointer', () => {
  it('given a writer that never checkpoints, then its thread copies the log into the database, and stops when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
    const file = join(dir, 'db.sqlite');
    const db = openDatabase(file);
    const checkpointer = new WalCheckpointer(silentLogger);
    try {
      db.pragma('wal_autocheckpoint = 0');
      db.exec('CREATE TABLE t (v TEXT)');
      const before = statSync(file).size;
      const insert = db.prepare('INSERT INTO t VALUES (?)');
      db.transaction(() => { for (let i = 0; i < 500; i += 1) insert.run('x'.repeat(4_000)); })();
      expect(statSync(file).size).to.equal(before);
      expect(filesCheckpointedByThread()).to.not.include(file);
      checkpointer.start([file], 20);
      // The stores of this process (and the workers thread it is handed to) now leave the copying to that thread.
      expect(filesCheckpointedByThread()).to.include(file);
      await eventually(() => statSync(file).size > before + 500 * 4_000, 5_000);
      await checkpointer.stop();
      expect(filesCheckpointedByThread()).to.not.include(file);
    } finally {
      await checkpointer.stop();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
