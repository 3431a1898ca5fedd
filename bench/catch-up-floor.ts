import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { DOCUMENT_EVENT_PREFIX } from '../domain/documents/document-events.ts';
import { createLogger } from '../infrastructure/logging/logger.ts';
import { READ_MODELS_PAGE_SIZE } from '../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { WalCheckpointer } from '../infrastructure/sqlite/wal-checkpointer.ts';

export interface CatchUpFloorFiles {
  eventsFile: string;
  /** A read-models file a catch-up of the documents projection made on `eventsFile`: the rows to write. */
  caughtUpFile: string;
  /** Made by this run: the rows written again, into a table and indexes made as the catch-up's were. */
  floorFile: string;
}

export interface CatchUpFloorResult {
  seconds: number;
  events: number;
  rows: number;
}

const TABLE = 'rm_documents';
/** As the catch-up reads (SqliteEventStore's subscriptions) and commits (its runner checkpoints every 500 events). */
const READ_BATCH = 2_000;
const EVENTS_PER_COMMIT = 500;

/**
 * The work a catch-up of the documents projection cannot do without, timed on the same machine in the same run: every
 * event of the log read and its data and metadata parsed once (the catch-up's read, filter and batch size), then every
 * row the catch-up made serialised and inserted once into a new table with the same schema and indexes, in as many
 * commits as the catch-up makes, on a file made as the read models' are (page size, WAL, synchronous=NORMAL, the
 * checkpoints on a thread of their own). No fold, no tallies, no checkpoint rows, no subscription: what it leaves out
 * is what the catch-up's code adds, so the catch-up's rate over this one says how close that code comes to the disk
 * and JSON work it is made of.
 */
export async function timeCatchUpFloor({ eventsFile, caughtUpFile, floorFile }: CatchUpFloorFiles): Promise<CatchUpFloorResult> {
  const { schema, rows, columns } = caughtUpRows(caughtUpFile);
  const log = new Database(eventsFile, { readonly: true, fileMustExist: true });
  const out = new Database(floorFile);
  const checkpointer = new WalCheckpointer(createLogger('silent'));
  try {
    out.pragma(`page_size = ${READ_MODELS_PAGE_SIZE}`);
    out.pragma('journal_mode = WAL');
    out.pragma('synchronous = NORMAL');
    out.pragma('wal_autocheckpoint = 0');
    for (const sql of schema) out.exec(sql);
    checkpointer.start([floorFile]);
    const read = log
      .prepare(`SELECT position, event_id, stream_id, revision, type, data, metadata, created_at FROM events WHERE position > ? AND (instr(type, ?) = 1) ORDER BY position LIMIT ?`)
      .raw(true);
    const insert = out.prepare(`INSERT INTO ${TABLE} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    const begin = out.prepare('BEGIN IMMEDIATE');
    const commit = out.prepare('COMMIT');
    const docColumn = columns.indexOf('doc');

    const start = performance.now();
    let events = 0;
    for (let after = 0; ; ) {
      const batch = read.all(after, DOCUMENT_EVENT_PREFIX, READ_BATCH) as unknown[][];
      if (batch.length === 0) break;
      // Held until the next read, as a subscription holds its batch.
      const parsed = batch.map((row) => ({ data: JSON.parse(row[5] as string), metadata: JSON.parse(row[6] as string) }));
      events += parsed.length;
      after = batch[batch.length - 1][0] as number;
    }
    const rowsPerCommit = Math.max(1, Math.round((rows.length * EVENTS_PER_COMMIT) / Math.max(1, events)));
    for (let from = 0; from < rows.length; from += rowsPerCommit) {
      begin.run();
      for (const row of rows.slice(from, from + rowsPerCommit)) {
        const values = row.values.slice();
        values[docColumn] = JSON.stringify(row.doc);
        insert.run(...values);
      }
      commit.run();
    }
    return { seconds: (performance.now() - start) / 1000, events, rows: rows.length };
  } finally {
    await checkpointer.stop();
    out.close();
    log.close();
  }
}

/** The catch-up's table and indexes (their SQL), and its rows with the document parsed (untimed: the input). */
function caughtUpRows(file: string): { schema: string[]; columns: string[]; rows: Array<{ values: unknown[]; doc: unknown }> } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const schema = db
      .prepare<[string], { sql: string }>(`SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type = 'index', name`)
      .all(TABLE)
      .map((entry) => entry.sql);
    if (schema.length === 0) throw new Error(`${file} has no ${TABLE} table`);
    const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${TABLE}')`).all().map((column) => column.name);
    const docColumn = columns.indexOf('doc');
    const rows = (db.prepare(`SELECT ${columns.join(', ')} FROM ${TABLE} ORDER BY rowid`).raw(true).all() as unknown[][]).map((values) => ({
      values,
      doc: JSON.parse(values[docColumn] as string),
    }));
    return { schema, columns, rows };
  } finally {
    db.close();
  }
}
