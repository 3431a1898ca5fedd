import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../../infrastructure/sqlite/open-database.ts';

/**
 * One of several threads opening the same new files: before each file, every thread waits at a barrier (a counter per
 * file in shared memory), so they open it at the same instant. Posts the errors, as "file: code".
 */
const { dir, files, threads, barrier } = workerData as { dir: string; files: number; threads: number; barrier: SharedArrayBuffer };
const arrived = new Int32Array(barrier);
const errors: string[] = [];
for (let file = 0; file < files; file += 1) {
  Atomics.add(arrived, file, 1);
  while (Atomics.load(arrived, file) < threads);
  try {
    const db = openDatabase(`${dir}/f${file}.sqlite`);
    if (db.pragma('journal_mode', { simple: true }) !== 'wal') errors.push(`${file}: not in WAL`);
    db.close();
  } catch (error) {
    errors.push(`${file}: ${String((error as { code?: unknown }).code ?? error)}`);
  }
}
parentPort?.postMessage(errors);
