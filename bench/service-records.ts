import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { checkGapFree, type GapCheck } from './number-gaps.ts';

const FINAL = ['validated', 'rejected', 'failed'];

/** A document as the service's documents read model holds it. */
export interface DocumentRecord {
  id: string;
  status: string;
  createdAt: string;
  validatedAt: string | null;
  number: string | null;
  prefix: string | null;
}

/**
 * Every document row of the service's documents read model, read from DATA_DIR/read-models.sqlite opened
 * read-only by the benchmark process (the service keeps writing: WAL lets both work). Empty before the first row.
 */
export function readRecords(dataDir: string): DocumentRecord[] {
  const file = join(dataDir, 'read-models.sqlite');
  if (!existsSync(file)) return [];
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'rm_documents'").get();
    if (!table) return [];
    return db
      .prepare(
        `SELECT id, json_extract(doc, '$.status') AS status, json_extract(doc, '$.createdAt') AS createdAt,
                json_extract(doc, '$.validatedAt') AS validatedAt, json_extract(doc, '$.number') AS number,
                json_extract(doc, '$.numbering.resolution.prefix') AS prefix
           FROM rm_documents`,
      )
      .all() as DocumentRecord[];
  } finally {
    db.close();
  }
}

/**
 * How many documents the read model holds and how many of them are final. Uses the status column the read model
 * keeps for its indexes when there is one (cheap while the service works), else the JSON.
 */
export function countFinal(dataDir: string): { total: number; final: number } {
  const file = join(dataDir, 'read-models.sqlite');
  if (!existsSync(file)) return { total: 0, final: 0 };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const columns = db.prepare("SELECT name FROM pragma_table_info('rm_documents')").all() as Array<{ name: string }>;
    if (columns.length === 0) return { total: 0, final: 0 };
    const status = columns.some((column) => column.name === 'f_status') ? 'f_status' : "json_extract(doc, '$.status')";
    const row = db
      .prepare(`SELECT count(*) AS total, coalesce(sum(${status} IN (${FINAL.map((s) => `'${s}'`).join(', ')})), 0) AS final FROM rm_documents`)
      .get() as { total: number; final: number };
    return row;
  } finally {
    db.close();
  }
}

/** POST → validated of one record: validated_at − created_at in ms, undefined when it is not validated. */
export function validationMs(record: DocumentRecord): number | undefined {
  if (record.status !== 'validated' || !record.validatedAt) return undefined;
  return Date.parse(record.validatedAt) - Date.parse(record.createdAt);
}

/** The end-of-run check: every accepted document final, the validated ones numbered without gaps or duplicates. */
export interface Correctness {
  /** Documents the clients saw answered 202. */
  accepted: number;
  /** Requests the clients sent whose answer they did not count (closed loop: those in flight when a run ended). */
  unanswered: number;
  /** Documents the read model holds. */
  recorded: number;
  /** Accepted documents with a record in a final state (validated, rejected, failed). */
  final: number;
  statuses: Record<string, number>;
  numbers: GapCheck;
  /** How long the benchmark waited for the documents to become final. */
  waitedSeconds: number;
  ok: boolean;
}

/**
 * Judges the records against the documents the clients saw accepted (202) in this service's life: at least that
 * many recorded, at most `unanswered` more (requests sent whose answers were not counted), and every one final.
 */
export function judgeCorrectness(records: readonly DocumentRecord[], accepted: number, waitedSeconds: number, unanswered = 0): Correctness {
  const statuses: Record<string, number> = {};
  for (const record of records) statuses[record.status] = (statuses[record.status] ?? 0) + 1;
  const final = records.filter((record) => FINAL.includes(record.status)).length;
  const numbered = records.filter((record) => record.status === 'validated').map((record) => ({
    id: record.id,
    prefix: record.prefix ?? '(no resolution recorded)',
    number: record.number ?? '',
  }));
  const numbers = checkGapFree(numbered);
  const recorded = records.length;
  const ok = recorded >= accepted && recorded <= accepted + unanswered && final === recorded && numbers.ok;
  return { accepted, unanswered, recorded, final, statuses, numbers, waitedSeconds, ok };
}

/**
 * Waits (at most `timeoutMs`) until the read model holds at least `accepted` documents and all are final, then judges them.
 * BENCH_FINAL_WAIT_SECONDS sets the default bound (60).
 */
export async function waitForFinal(
  dataDir: string,
  accepted: number,
  options: { unanswered?: number; timeoutMs?: number } = {},
): Promise<{ records: DocumentRecord[]; correctness: Correctness }> {
  const timeoutMs = options.timeoutMs ?? Number(process.env.BENCH_FINAL_WAIT_SECONDS ?? 60) * 1000;
  const start = Date.now();
  for (;;) {
    const { total, final } = countFinal(dataDir);
    if ((total >= accepted && final === total) || Date.now() - start > timeoutMs) {
      const records = readRecords(dataDir);
      return { records, correctness: judgeCorrectness(records, accepted, (Date.now() - start) / 1000, options.unanswered) };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
