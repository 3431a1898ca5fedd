import { parentPort, workerData } from 'node:worker_threads';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { openDatabase } from '../../../infrastructure/sqlite/open-database.ts';

/**
 * Appends three events at a time to new streams of `events` until `stop[0]` turns 1, and after each append writes its
 * position to `readModels` as a projection's checkpoint would; posts how many appends committed.
 */
const { events, readModels, stop } = workerData as { events: string; readModels: string; stop: SharedArrayBuffer };
const flag = new Int32Array(stop);
const store = new SqliteEventStore(events);
const checkpoints = openDatabase(readModels);
checkpoints.exec('CREATE TABLE IF NOT EXISTS checkpoint (id INTEGER PRIMARY KEY CHECK (id = 1), position INTEGER NOT NULL)');
const save = checkpoints.prepare('INSERT INTO checkpoint (id, position) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET position = excluded.position');
let appends = 0;
parentPort!.postMessage('started');
while (Atomics.load(flag, 0) === 0) {
  const batch = [1, 2, 3].map((n) => ({ type: 'LoadEvent', data: { n, padding: 'x'.repeat(300) }, metadata: { actor: 'test' } }));
  const { position } = await store.append(`backupLoad-${appends}`, batch, 'no_stream');
  save.run(Number(position));
  appends += 1;
}
await store.close();
checkpoints.close();
parentPort!.postMessage(appends);
