import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EventData } from '../application/ports/event-store.ts';
import { newEventId } from '../infrastructure/event-store/event-id.ts';
import { EVENTS_SCHEMA } from '../infrastructure/event-store/sqlite/events-table.ts';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { openDatabase } from '../infrastructure/sqlite/open-database.ts';
import { makeTempDir, removeTempDir } from './resources.ts';
import { benchTenant, documentHistory } from './sample-events.ts';

export interface AppendRateResult {
  events: number;
  storeEventsPerSecond: number;
  rawEventsPerSecond: number;
  /** store / raw: the share of raw SQLite insert speed the event store keeps. */
  ratio: number;
}

/** Appends made (and not timed) before each measured loop, so both run JIT-compiled. */
const WARMUP = 1_000;
/** The two sides take turns, this many rows at a time. */
const CHUNK = 1_000;

/**
 * N single-event appends, each to a new stream with expected 'no_stream' (the shape of an issuance), through
 * SqliteEventStore.append; then the same rows inserted with bare better-sqlite3, one autocommit INSERT each, into
 * the same table (EVENTS_SCHEMA) with the same pragmas. Each side serialises its rows (ids, JSON, timestamps) inside the timed
 * loop; the events themselves (DocumentCreated with the sample body) are built before timing. Both start with
 * WARMUP untimed appends, then take turns in chunks (each into its own file) so disk noise hits both alike.
 */
export async function runAppendRate(n = Number(process.env.BENCH_APPEND_N ?? 20_000)): Promise<AppendRateResult> {
  const dir = makeTempDir('append');
  try {
    const tenant = benchTenant();
    const rows: Array<{ streamId: string; event: EventData }> = [];
    for (let i = 0; i < WARMUP + n; i += 1) {
      const history = documentHistory(tenant, i);
      rows.push({ streamId: history.streamId, event: { ...history.created, id: undefined } });
    }

    const store = new SqliteEventStore(join(dir, 'store.sqlite'));
    // The store's own pragmas (WAL, synchronous=NORMAL, busy timeout, foreign keys), without the store.
    const db = openDatabase(join(dir, 'raw.sqlite'));
    let storeSeconds = 0;
    let rawSeconds = 0;
    try {
      db.exec(EVENTS_SCHEMA);
      const insert = db.prepare(
        `INSERT INTO events (event_id, stream_id, revision, type, data, metadata, created_at)
         VALUES (@event_id, @stream_id, @revision, @type, @data, @metadata, @created_at)`,
      );
      const appendChunk = async (chunk: typeof rows) => {
        const start = performance.now();
        for (const { streamId, event } of chunk) await store.append(streamId, [event], 'no_stream');
        return (performance.now() - start) / 1000;
      };
      const insertChunk = (chunk: typeof rows) => {
        const start = performance.now();
        for (const { streamId, event } of chunk) {
          insert.run({
            event_id: newEventId(),
            stream_id: streamId,
            revision: 0,
            type: event.type,
            data: JSON.stringify(event.data),
            metadata: JSON.stringify(event.metadata),
            created_at: new Date().toISOString(),
          });
        }
        return (performance.now() - start) / 1000;
      };

      await appendChunk(rows.slice(0, WARMUP));
      insertChunk(rows.slice(0, WARMUP));
      // Alternating chunks, so both sides see the same disk and WAL-checkpoint conditions over the run.
      for (let from = WARMUP; from < rows.length; from += CHUNK) {
        const chunk = rows.slice(from, from + CHUNK);
        storeSeconds += await appendChunk(chunk);
        rawSeconds += insertChunk(chunk);
      }
    } finally {
      db.close();
      await store.close();
    }

    const storeEventsPerSecond = n / storeSeconds;
    const rawEventsPerSecond = n / rawSeconds;
    return { events: n, storeEventsPerSecond, rawEventsPerSecond, ratio: storeEventsPerSecond / rawEventsPerSecond };
  } finally {
    removeTempDir(dir);
  }
}
