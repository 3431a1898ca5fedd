// The WAL checkpoints of the service's SQLite files, on a thread of their own: the copy into the database and its
// syncs then block neither the API thread nor the workers thread. Plain JavaScript: it needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const databases = workerData.files.map((file) => new Database(file));
for (const db of databases) db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  for (const db of databases) {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy or locked: the next round tries again; the stores' own checkpoints remain the fallback.
    }
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  for (const db of databases) db.close();
  parentPort.close();
});
