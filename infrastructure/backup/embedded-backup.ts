import Database from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TrailFinding } from '../../application/audit/trail-finding.ts';
import { verifyTrail } from '../../application/audit/verify-trail.ts';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store.ts';
import { BACKUP_FILES, MANIFEST_FILE, MANIFEST_FORMAT, MANIFEST_VERSION, type BackedUpFile, type BackupFileName, type BackupManifest } from './backup-manifest.ts';
import { fileDigest } from './file-digest.ts';
import { syncDirectory, syncFile, writeFileDurably } from './durable-files.ts';

export interface BackupOptions {
  dataDir: string;
  /** A folder that does not exist yet, or an empty one. */
  target: string;
  /** Copy the read models too; without them, a service started on the restored log builds them by catching up. */
  withReadModels: boolean;
  /** Recompute every stream's hash chain on the copy. */
  verifyTrail: boolean;
  now: () => Date;
}

export interface BackupResult {
  manifest: BackupManifest;
  /** What the trail check found on the copy (empty when intact or not asked for). */
  findings: TrailFinding[];
}

/** A backup that cannot be made with these arguments; nothing was written. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

/** A copy that failed its check; its files were removed. */
export class BackupCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupCheckError';
  }
}

const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * Copies DATA_DIR's embedded stores while the service runs: each file with `VACUUM INTO` on a read-only connection,
 * which writes one read transaction's snapshot (under WAL it blocks no writer, and a commit during the copy is not
 * in it). The read models are copied before the log, so they never hold a position the copied log has not reached:
 * after a restore, their checkpoints resume on the log. Each copy is checked (`integrity_check` for the log,
 * `quick_check` for the read models) before it takes its name; the manifest, with each file's size and SHA-256, is
 * written last. The coordination file (leases, rate limits) is not copied: nothing in it outlives a restart.
 */
export async function backupDataDir(options: BackupOptions): Promise<BackupResult> {
  const source = resolve(options.dataDir);
  const target = resolve(options.target);
  const eventsFile = join(source, BACKUP_FILES.events);
  if (!existsSync(eventsFile)) throw new BackupRefusedError(`DATA_DIR ${source} holds no event log (${BACKUP_FILES.events}): nothing to back up`);
  if (target === source) throw new BackupRefusedError(`the backup folder must not be DATA_DIR itself (${source})`);
  const readModelsFile = join(source, BACKUP_FILES.readModels);
  if (options.withReadModels && !existsSync(readModelsFile)) {
    throw new BackupRefusedError(`--with-read-models: DATA_DIR ${source} holds no ${BACKUP_FILES.readModels}`);
  }
  const created = prepareTarget(target);
  try {
    const names: BackupFileName[] = [];
    if (options.withReadModels) {
      copyChecked(readModelsFile, target, BACKUP_FILES.readModels, 'quick_check');
      names.push(BACKUP_FILES.readModels);
    }
    const copiedEvents = copyChecked(eventsFile, target, BACKUP_FILES.events, 'integrity_check');
    const events = logSummary(copiedEvents);
    let trail: BackupManifest['trail'] = null;
    let findings: TrailFinding[] = [];
    if (options.verifyTrail) {
      const report = await verifyCopiedTrail(copiedEvents);
      findings = report.findings;
      trail = { streams: report.streams, events: report.events, problems: report.findings.length };
    }
    names.push(BACKUP_FILES.events);
    const files: BackedUpFile[] = [];
    for (const name of names) {
      renameSync(join(target, `${name}.partial`), join(target, name));
      files.push({ name, ...(await fileDigest(join(target, name))) });
    }
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      created_at: options.now().toISOString(),
      source,
      files,
      events,
      trail,
    };
    writeFileDurably(join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return { manifest, findings };
  } catch (error) {
    // The folder was empty: whatever of these names is in it now, this backup wrote.
    for (const name of [...Object.values(BACKUP_FILES), MANIFEST_FILE]) {
      for (const suffix of ['', '.partial', '.partial-wal', '.partial-shm']) rmSync(join(target, `${name}${suffix}`), { force: true });
    }
    if (created && readdirSync(target).length === 0) rmdirSync(target);
    throw error;
  }
}

/** Makes the folder (owner only: it holds every document and the sealed secrets), or checks an existing one is empty. */
function prepareTarget(target: string): boolean {
  if (!existsSync(target)) {
    mkdirSync(target, { recursive: true, mode: 0o700 });
    return true;
  }
  if (!statSync(target).isDirectory()) throw new BackupRefusedError(`${target} is not a folder`);
  const present = readdirSync(target);
  if (present.length > 0) {
    throw new BackupRefusedError(`${target} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): a backup goes into a new or empty folder`);
  }
  return false;
}

/** `VACUUM INTO` `<name>.partial` in the target, synced and checked; answers the copy's path. */
function copyChecked(file: string, target: string, name: BackupFileName, check: 'integrity_check' | 'quick_check'): string {
  const copy = join(target, `${name}.partial`);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
    db.prepare('VACUUM INTO ?').run(copy);
  } catch (error) {
    if (!(error instanceof Database.SqliteError)) throw error;
    throw new BackupCheckError(`cannot copy ${file}: ${error.message} (${error.code})`);
  } finally {
    db?.close();
  }
  chmodSync(copy, 0o600);
  syncFile(copy);
  syncDirectory(target);
  const copied = new Database(copy, { readonly: true, fileMustExist: true });
  try {
    const answers = copied.pragma(check, { simple: false }) as Array<Record<string, string>>;
    const problems = answers.map((row) => Object.values(row)[0]).filter((answer) => answer !== 'ok');
    if (problems.length > 0) throw new BackupCheckError(`the copy of ${file} failed SQLite's ${check}: ${problems.slice(0, 5).join('; ')}`);
  } finally {
    copied.close();
  }
  return copy;
}

function logSummary(copy: string): BackupManifest['events'] {
  const db = new Database(copy, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare<[], { count: number; head: number | null; first: string | null; last: string | null }>(
        'SELECT count(*) AS count, max(position) AS head, min(created_at) AS first, max(created_at) AS last FROM events',
      )
      .get()!;
    return { count: row.count, head_position: row.head ?? 0, first_at: row.first, last_at: row.last };
  } finally {
    db.close();
  }
}

/** The audit's own verification, over the copy (which the store's connection leaves in WAL mode, its log emptied). */
async function verifyCopiedTrail(copy: string) {
  const store = new SqliteEventStore(copy);
  try {
    return await verifyTrail(store, { contiguousPositions: true });
  } finally {
    await store.close();
  }
}
