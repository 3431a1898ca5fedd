// The WAL checkpoints of the service's SQLite files, on a thread of their own: the copy into the database and its
// syncs then block neither the API thread nor the workers thread. Plain JavaScript: it needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { osThreadId } from '../runtime/os-thread.mjs';
import { niceThisThread } from '../runtime/thread-priority.mjs';

// Background work: with a nice value the HTTP thread goes first (not on every system: then it keeps the process's).
if (workerData.nice > 0) niceThisThread(workerData.nice);
// So that the HTTP thread can report this thread's CPU time (process_thread_cpu_seconds_total).
parentPort.postMessage({ threadId: osThreadId() });

// A frame of the log is a page and its 24-byte header.
const databases = workerData.files.map((file) => {
  const db = new Database(file);
  db.pragma('busy_timeout = 0');
  return { db, frameBytes: db.pragma('page_size', { simple: true }) + 24 };
});
const framesIn = (result) => result?.[0]?.log ?? 0;
// A PASSIVE checkpoint copies the log into the database but never rewinds it: SQLite starts the log again from its
// beginning only when a writer finds it wholly copied and no reader in it, which under steady writes by two threads
// and steady reads never happens, so the log grew by about 50 MB a second under load. Once what the log holds passes
// resetAboveBytes, a RESTART checkpoint makes the next writer start it again from its beginning (and cut the file back
// to its journal_size_limit). A RESTART holds the write lock while it copies what the PASSIVE left and syncs, so a second
// PASSIVE first copies what came in during the first: measured at 380 documents/s, the lock was held 3–37 ms instead
// of the 52–79 ms of the TRUNCATE used before (which also emptied the file), every appender waiting meanwhile. It never
// waits for readers: with one in the log it gives up, and the next round tries again.
const timer = setInterval(() => {
  for (const { db, frameBytes } of databases) {
    try {
      if (framesIn(db.pragma('wal_checkpoint(PASSIVE)')) * frameBytes <= workerData.resetAboveBytes) continue;
      db.pragma('wal_checkpoint(PASSIVE)');
      db.pragma('wal_checkpoint(RESTART)');
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
