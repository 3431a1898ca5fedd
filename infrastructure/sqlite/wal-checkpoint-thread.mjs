// The WAL checkpoints of the service's SQLite files, on a thread of their own: the copy into the database and its
// syncs then block neither the API thread nor the workers thread. Plain JavaScript: it needs no TypeScript loader.
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { osThreadId } from '../runtime/os-thread.mjs';
import { niceThisThread } from '../runtime/thread-priority.mjs';

// Background work: with a nice value the HTTP thread goes first (not on every system: then it keeps the process's).
if (workerData.nice > 0) niceThisThread(workerData.nice);
// So that the HTTP thread can report this thread's CPU time (process_thread_cpu_seconds_total).
parentPort.postMessage({ threadId: osThreadId() });

const databases = workerData.files.map((file) => ({ file, db: new Database(file) }));
for (const { db } of databases) db.pragma('busy_timeout = 0');
const logBytes = (file) => {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
};
// A PASSIVE checkpoint copies the log into the database but never rewinds it: SQLite starts the log again from its
// beginning only when a writer finds it wholly copied and no reader in it, which under steady writes by two threads
// and steady reads never happens, so the log grew by about 50 MB a second under load. Once it passes resetAboveBytes, a
// TRUNCATE checkpoint empties it when no reader is in it. It never waits: waiting holds every writer meanwhile.
const timer = setInterval(() => {
  for (const { file, db } of databases) {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
      if (logBytes(file) > workerData.resetAboveBytes) db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Busy or locked: the next round tries again; the stores' own checkpoints remain the fallback.
    }
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  for (const { db } of databases) db.close();
  parentPort.close();
});
