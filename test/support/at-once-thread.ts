import { parentPort, workerData } from 'node:worker_threads';
import { DOCUMENTS_COLLECTION } from '../../application/documents/document-row.ts';
import { SqliteCoordinationStore } from '../../infrastructure/coordination/sqlite-coordination-store.ts';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { SqliteReadModelStore } from '../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { openDatabase } from '../../infrastructure/sqlite/open-database.ts';
import type { AtOnceAction } from './at-once.ts';

/** What one thread does to each new file, at the same instant as the others. */
const ACTIONS: Record<AtOnceAction, (file: string) => Promise<void>> = {
  async open(file) {
    const db = openDatabase(file);
    const mode = db.pragma('journal_mode', { simple: true });
    db.close();
    if (mode !== 'wal') throw new Error(`journal mode ${String(mode)}, not wal`);
  },
  async 'event store'(file) {
    const store = new SqliteEventStore(file);
    try {
      await store.headPosition();
    } finally {
      await store.close();
    }
  },
  async 'coordination store'(file) {
    const store = new SqliteCoordinationStore(file);
    await store.close();
  },
  async 'documents collection'(file) {
    const store = new SqliteReadModelStore(file);
    try {
      store.collection(DOCUMENTS_COLLECTION);
    } finally {
      await store.close();
    }
  },
};

/**
 * One of several threads doing the same thing to the same new files: before each file, every thread waits at a
 * barrier (a counter per file in shared memory), so they all begin it at the same instant. Posts the errors.
 */
const { action, dir, files, threads, barrier } = workerData as { action: AtOnceAction; dir: string; files: number; threads: number; barrier: SharedArrayBuffer };
const arrived = new Int32Array(barrier);
const errors: string[] = [];
for (let file = 0; file < files; file += 1) {
  Atomics.add(arrived, file, 1);
  while (Atomics.load(arrived, file) < threads);
  try {
    await ACTIONS[action](`${dir}/f${file}.sqlite`);
  } catch (error) {
    const cause = (error as Error).cause instanceof Error ? ` (${((error as Error).cause as Error).message})` : '';
    errors.push(`file ${file}: ${(error as Error).message}${cause}`);
  }
}
parentPort?.postMessage(errors);
