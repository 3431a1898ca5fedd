import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect } from 'chai';
import { openDatabase, type SqliteDatabase } from '../../../infrastructure/sqlite/open-database.ts';
import { WalCheckpointer } from '../../../infrastructure/sqlite/wal-checkpointer.ts';
import { osThreadId } from '../../../infrastructure/runtime/os-thread.mjs';
import { filesCheckpointedByThread } from '../../../infrastructure/sqlite/checkpoint-thread-files.ts';
import { eventually, silentLogger } from '../../support/fixtures.ts';

interface Scratch {
  file: string;
  db: SqliteDatabase;
  checkpointer: WalCheckpointer;
  /** Commits `rows` rows of 4,000 bytes in one transaction. */
  write(rows: number): void;
  logBytes(): number;
}

/** A fresh file whose writer never checkpoints (only the checkpointer's thread does), and a checkpointer for it. */
async function withScratch(test: (scratch: Scratch) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
  const file = join(dir, 'db.sqlite');
  const db = openDatabase(file);
  const checkpointer = new WalCheckpointer(silentLogger);
  try {
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (v TEXT)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    const write = (rows: number) => db.transaction(() => { for (let i = 0; i < rows; i += 1) insert.run('x'.repeat(4_000)); })();
    await test({ file, db, checkpointer, write, logBytes: () => statSync(`${file}-wal`).size });
  } finally {
    await checkpointer.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const paths = () => filesCheckpointedByThread().map(([path]) => path);

describe('WalCheckpointer', () => {
  it('given a writer that never checkpoints, then its thread copies the log into the database, and stops when asked', () =>
    withScratch(async ({ file, checkpointer, write }) => {
      const before = statSync(file).size;
      write(500);
      expect(statSync(file).size).to.equal(before);
      expect(paths()).to.not.include(file);
      checkpointer.start([file], { everyMs: 20 });
      // The stores of this process (and the workers thread it is handed to) now leave the copying to that thread.
      expect(filesCheckpointedByThread()).to.deep.include([file, 1_000]);
      await eventually(() => statSync(file).size > before + 500 * 4_000, 5_000);
      // Its OS thread id, for process_thread_cpu_seconds_total{thread="wal-checkpoint"}: a thread of its own.
      expect(checkpointer.threadId).to.be.a('number').and.not.equal(osThreadId());
      await checkpointer.stop();
      expect(paths()).to.not.include(file);
      expect(checkpointer.threadId).to.equal(undefined);
    }));

  it('given a log holding more than resetAboveBytes, then once no reader is in it the next write starts it again from its beginning, and the writer cuts the file back to its journal_size_limit', () =>
    withScratch(async ({ file, db, checkpointer, write, logBytes }) => {
      const reader = openDatabase(file);
      const framesInLog = () => (db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0].log;
      let rows = 0;
      const writeRows = (n: number) => {
        write(n);
        rows += n;
      };
      try {
        db.pragma('journal_size_limit = 200000');
        writeRows(500);
        // A reader inside a read transaction pins the log: it can be copied, not started again.
        reader.exec('BEGIN');
        expect(reader.prepare('SELECT count(*) AS n FROM t').get()).to.deep.equal({ n: 500 });
        checkpointer.start([file], { everyMs: 20, resetAboveBytes: 1_000_000 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        // The writer is never held meanwhile, and its frames go on after the others.
        writeRows(10);
        expect(logBytes()).to.be.greaterThan(1_000_000);
        reader.exec('COMMIT');
        await eventually(() => {
          writeRows(1);
          // -1: the thread was checkpointing at that moment (one at a time), so the count is not known.
          const frames = framesInLog();
          return frames >= 0 && frames < 20;
        }, 5_000);
        expect(logBytes()).to.be.at.most(200_000);
        expect(db.prepare('SELECT count(*) AS n FROM t').get()).to.deep.equal({ n: rows });
        expect(reader.prepare('SELECT count(*) AS n FROM t').get()).to.deep.equal({ n: rows });
      } finally {
        reader.close();
      }
    }));

  it('given a writer in another thread that keeps writing, then the log is still started again each time it passes resetAboveBytes', () =>
    withScratch(async ({ file, checkpointer, logBytes }) => {
      // A PASSIVE checkpoint alone never lets it: frames written while it copies leave the log never wholly copied.
      const writer = new Worker(
        `const Database = require('better-sqlite3');
         const { workerData, parentPort } = require('node:worker_threads');
         const db = new Database(workerData.file);
         db.pragma('busy_timeout = 5000');
         db.pragma('wal_autocheckpoint = 0');
         db.pragma('journal_size_limit = 1000000');
         const insert = db.prepare('INSERT INTO t VALUES (?)');
         const pause = new Int32Array(new SharedArrayBuffer(4));
         let rows = 0;
         while (rows < workerData.rows) {
           db.transaction(() => { for (let i = 0; i < 5; i += 1) insert.run('x'.repeat(4000)); })();
           rows += 5;
           Atomics.wait(pause, 0, 0, 1);
         }
         db.close();
         parentPort.postMessage(rows);`,
        { eval: true, workerData: { file, rows: 6_000 } },
      );
      checkpointer.start([file], { everyMs: 20, resetAboveBytes: 1_000_000 });
      const rows = await new Promise<number>((resolve, reject) => writer.once('message', resolve).once('error', reject));
      // About 24 MB written (a row takes about a page of 4 KiB), a millisecond apart every five rows: what a PASSIVE
      // checkpoint alone would leave in the log.
      expect(rows).to.equal(6_000);
      expect(logBytes()).to.be.at.most(8_000_000);
    }));

  it('given a log below resetAboveBytes, then the thread copies it and leaves its size alone', () =>
    withScratch(async ({ file, checkpointer, write, logBytes }) => {
      write(100);
      const log = logBytes();
      const before = statSync(file).size;
      checkpointer.start([file], { everyMs: 20, resetAboveBytes: 10 * log });
      await eventually(() => statSync(file).size > before + 100 * 4_000, 5_000);
      expect(logBytes()).to.equal(log);
    }));
});
