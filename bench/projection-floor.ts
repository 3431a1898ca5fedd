import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { DOCUMENT_EVENT_PREFIX } from '../domain/documents/document-events.ts';
import { createLogger } from '../infrastructure/logging/logger.ts';
import { EVENT_COLUMNS, filterClause } from '../infrastructure/event-store/sqlite/events-table.ts';
import { BUILD_CACHE_KIB, BUILD_MMAP_BYTES, READ_MODELS_PAGE_SIZE } from '../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { sqliteTableName } from '../infrastructure/read-models/sqlite/sqlite-table.ts';
import { openDatabase } from '../infrastructure/sqlite/open-database.ts';
import { WalCheckpointer } from '../infrastructure/sqlite/wal-checkpointer.ts';

export interface ProjectionFloorFiles {
  eventsFile: string;
  /** A read-models file the documents projection made on `eventsFile` (a catch-up or a rebuild): the rows to write. */
  builtFile: string;
  /** The rows' collection in `builtFile` (a rebuilt version has a name of its own: `documents_v2`). */
  collection: string;
  /** Made by this run: the rows written again, into a table and indexes made as the built ones are. */
  floorFile: string;
  /** As the projection's runner commits: every 500 events catching up, every 2,000 rebuilding. */
  eventsPerCommit: number;
  /** As a rebuild: the rows first, then the indexes (with the page cache and memory map a rebuild gives them). */
  indexesAfter: boolean;
}

export interface ProjectionFloorResult {
  seconds: number;
  events: number;
  rows: number;
}

/** As a subscription reads (SqliteEventStore). */
const READ_BATCH = 2_000;

/**
 * The work a catch-up or a rebuild of the documents projection cannot do without, timed on the same machine in the
 * same run: every event of the log read and its data and metadata parsed once (the subscription's filter and batch
 * size), then every row the projection made serialised and inserted once into a new table with the same schema and
 * indexes, in as many commits, on a file made as the read models' are (page size, WAL, synchronous=NORMAL, the
 * checkpoints on a thread of their own). No fold, no tallies, no checkpoint rows, no subscription: what it leaves out
 * is what the projection's code adds, so the projection's rate over this one says how close that code comes to the
 * disk and JSON work it is made of.
 */
export async function timeProjectionFloor(input: ProjectionFloorFiles): Promise<ProjectionFloorResult> {
  const { eventsFile, builtFile, collection, floorFile, eventsPerCommit, indexesAfter } = input;
  const table = sqliteTableName(collection);
  const built = new Database(builtFile, { readonly: true, fileMustExist: true });
  const { tableSql, indexSql, columns } = builtSchema(built, table);
  const log = new Database(eventsFile, { readonly: true, fileMustExist: true });
  const out = openDatabase(floorFile, { pageSize: READ_MODELS_PAGE_SIZE });
  const checkpointer = new WalCheckpointer(createLogger('silent'));
  try {
    out.pragma('wal_autocheckpoint = 0');
    out.exec(tableSql);
    if (!indexesAfter) for (const sql of indexSql) out.exec(sql);
    checkpointer.start([floorFile]);
    const { clause, params } = filterClause({ eventTypePrefixes: [DOCUMENT_EVENT_PREFIX] });
    const read = log.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ${clause} ORDER BY position LIMIT ?`).raw(true);
    const insert = out.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    const begin = out.prepare('BEGIN IMMEDIATE');
    const commit = out.prepare('COMMIT');
    const docColumn = columns.indexOf('doc');

    let start = performance.now();
    let events = 0;
    for (let after = 0; ; ) {
      const batch = read.all(after, ...params, READ_BATCH) as unknown[][];
      if (batch.length === 0) break;
      // Held until the next read, as a subscription holds its batch.
      const parsed = batch.map((row) => ({ data: JSON.parse(row[5] as string), metadata: JSON.parse(row[6] as string) }));
      events += parsed.length;
      after = batch[batch.length - 1][0] as number;
    }
    let timed = performance.now() - start;
    const rowCount = (built.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const rowsPerCommit = Math.max(1, Math.round((rowCount * eventsPerCommit) / Math.max(1, events)));
    // The rows a commit writes are read and parsed untimed (they are the input), one commit's worth at a time: holding
    // a million-event log's rows parsed at once slowed the timed part down with the collector's work on them.
    const page = built.prepare(`SELECT rowid, ${columns.join(', ')} FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ?`).raw(true);
    for (let afterRow = 0; ; ) {
      const chunk = (page.all(afterRow, rowsPerCommit) as unknown[][]).map(([rowid, ...values]) => ({ rowid: rowid as number, values, doc: JSON.parse(values[docColumn] as string) }));
      if (chunk.length === 0) break;
      afterRow = chunk[chunk.length - 1].rowid;
      start = performance.now();
      begin.run();
      for (const row of chunk) {
        const values = row.values.slice();
        values[docColumn] = JSON.stringify(row.doc);
        insert.run(...values);
      }
      commit.run();
      timed += performance.now() - start;
    }
    start = performance.now();
    if (indexesAfter) {
      out.pragma(`cache_size = -${BUILD_CACHE_KIB}`);
      out.pragma(`mmap_size = ${BUILD_MMAP_BYTES}`);
      out.transaction(() => indexSql.forEach((sql) => out.exec(sql)))();
    }
    timed += performance.now() - start;
    return { seconds: timed / 1000, events, rows: rowCount };
  } finally {
    await checkpointer.stop();
    out.close();
    log.close();
    built.close();
  }
}

interface BuiltSchema {
  tableSql: string;
  indexSql: string[];
  columns: string[];
}

function builtSchema(db: Database.Database, table: string): BuiltSchema {
  const schema = db.prepare<[string], { type: string; sql: string }>(`SELECT type, sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY name`).all(table);
  const tableSql = schema.find((entry) => entry.type === 'table')?.sql;
  if (!tableSql) throw new Error(`${db.name} has no ${table} table`);
  const indexSql = schema.filter((entry) => entry.type === 'index').map((entry) => entry.sql);
  const columns = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(table).map((column) => column.name);
  return { tableSql, indexSql, columns };
}
