import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DOCUMENTS_COLLECTION } from '../application/documents/document-row.ts';
import { ProjectionRebuild, REBUILD_CHECKPOINT_EVERY } from '../application/rebuilds/projection-rebuild.ts';
import { ProjectionVersions, physicalName } from '../application/rebuilds/projection-versions.ts';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { createLogger } from '../infrastructure/logging/logger.ts';
import { SqliteReadModelStore } from '../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { WalCheckpointer } from '../infrastructure/sqlite/wal-checkpointer.ts';
import { documentsProjection } from '../projections/documents/documents-projection-definition.ts';
import { CATCH_UP_CHECKPOINT_EVERY, timeCatchUp } from './catch-up-timing.ts';
import { timeProjectionFloor } from './projection-floor.ts';
import { makeTempDir, removeTempDir } from './resources.ts';
import { benchDocumentId, benchTenant, documentHistory } from './sample-events.ts';

/** The ISO times in an event's JSON. */
const TIMES = /"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)"/g;

export interface RebuildResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  setupSeconds: number;
  /** The same events read and the rebuilt rows written with nothing else (projection-floor.ts), right after. */
  floorEventsPerSecond: number;
  /** A catch-up of the documents projection over the same log (timeCatchUp), then its floor, after the rebuild's. */
  catchUp: { events: number; seconds: number; eventsPerSecond: number; floorEventsPerSecond: number };
}

/**
 * The operator's rebuild (`projections rebuild documents`) over a log of `total` document events (created,
 * submission started and validated per document): builds version 2 from position 0 beside the active version 1,
 * switches and drops the old one. Timed from start to the switch being done. Then, in the same thread, its floor: the
 * same events read and the rows it built written again, indexes last (timeProjectionFloor). Then a catch-up over the
 * same log into a new read-models file, as goal 4's on a log ten times as long (timeCatchUp), and its floor as the
 * catch-up benchmark times it (indexes kept row by row): how a catch-up fares once the tables outgrow the caches.
 */
export async function runRebuild(total = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000)): Promise<RebuildResult> {
  const dir = makeTempDir('rebuild');
  try {
    const setupStart = performance.now();
    await writeLog(join(dir, 'events.sqlite'), total);
    const setupSeconds = (performance.now() - setupStart) / 1000;
    const eventsFile = join(dir, 'events.sqlite');
    const readModelsFile = join(dir, 'read-models.sqlite');
    const store = new SqliteEventStore(eventsFile);
    const readModels = new SqliteReadModelStore(readModelsFile);
    // As the CLI's rebuild and the service: WAL checkpoints on a thread of their own.
    const checkpointer = new WalCheckpointer(createLogger('silent'));
    checkpointer.start([eventsFile, readModelsFile], { storesEveryMs: 30_000 });
    let timed: { events: number; seconds: number; version: number };
    try {
      const rebuild = new ProjectionRebuild(store, readModels, new ProjectionVersions(readModels.settings), createLogger('silent'));
      const start = performance.now();
      const result = await rebuild.run(documentsProjection, { graceMs: 0, progressIntervalMs: 250 });
      timed = { events: result.events, seconds: (performance.now() - start) / 1000, version: result.version };
    } finally {
      await checkpointer.stop();
      await readModels.close();
      await store.close();
    }
    const floor = await timeProjectionFloor({
      eventsFile,
      builtFile: readModelsFile,
      collection: physicalName(DOCUMENTS_COLLECTION.name, timed.version),
      floorFile: join(dir, 'floor.sqlite'),
      eventsPerCommit: REBUILD_CHECKPOINT_EVERY,
      indexesAfter: true,
    });
    const catchUpFile = join(dir, 'catch-up.sqlite');
    const caughtUp = await timeCatchUp({ eventsFile, readModelsFile: catchUpFile });
    const catchUpFloor = await timeProjectionFloor({
      eventsFile,
      builtFile: catchUpFile,
      collection: DOCUMENTS_COLLECTION.name,
      floorFile: join(dir, 'catch-up-floor.sqlite'),
      eventsPerCommit: CATCH_UP_CHECKPOINT_EVERY,
      indexesAfter: false,
    });
    return {
      events: timed.events,
      seconds: timed.seconds,
      eventsPerSecond: timed.events / timed.seconds,
      setupSeconds,
      floorEventsPerSecond: floor.events / floor.seconds,
      catchUp: {
        events: timed.events,
        seconds: caughtUp.seconds,
        eventsPerSecond: timed.events / caughtUp.seconds,
        floorEventsPerSecond: catchUpFloor.events / catchUpFloor.seconds,
      },
    };
  } finally {
    removeTempDir(dir);
  }
}

/**
 * The log is written straight into the SQLite events table, in large transactions (appending a million events one
 * by one through the store would take minutes and is not what is measured). The documents are copies of one
 * decided invoice, each with its own id made as the service makes them (scattered: the tables' primary keys take them
 * anywhere, as they do real ones), its own number, and its times 10 ms after the one before, so the rebuild does the
 * same work per event as on real data. (Until 2026-12-01 the copies' ids counted up and shared one time and number,
 * which kept every index's inserts at its end: a catch-up of such a log ran about a third faster than of this one.)
 */
export async function writeLog(file: string, total: number): Promise<number> {
  new SqliteEventStore(file).close();
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const insert = db.prepare(
      'INSERT INTO events (event_id, stream_id, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const tenant = benchTenant();
    const template = documentHistory(tenant, 0, new Date(Date.UTC(2026, 0, 15, 14, 0, 0)));
    const category = template.streamId.slice(0, template.streamId.indexOf('-'));
    const templateId = template.streamId.slice(category.length + 1);
    const templateNumber = String(template.validated.data.number);
    const numberPrefix = templateNumber.replace(/\d+$/, '');
    const firstNumber = Number(templateNumber.slice(numberPrefix.length));
    const texts = [template.created, template.started, template.validated].map((event) => ({
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(event.metadata),
    }));
    const createdAt = new Date().toISOString();
    let events = 0;
    const writeDocuments = db.transaction((from: number, count: number) => {
      for (let sequence = from; sequence < from + count && events < total; sequence += 1) {
        const id = benchDocumentId(tenant, sequence);
        const number = `${numberPrefix}${firstNumber + sequence}`;
        const later = (time: string) => new Date(Date.parse(time) + sequence * 10).toISOString();
        texts.slice(0, total - events).forEach((event, revision) => {
          const data = event.data.replaceAll(templateId, id).replaceAll(templateNumber, number).replace(TIMES, (_, time: string) => `"${later(time)}"`);
          insert.run(randomUUID(), `${category}-${id}`, revision, event.type, data, event.metadata, createdAt);
          events += 1;
        });
      }
    });
    for (let from = 1; events < total; from += 5_000) writeDocuments(from, 5_000);
    return events;
  } finally {
    db.close();
  }
}
