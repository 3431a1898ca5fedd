import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EMBEDDED_STORE_FILES } from '../sqlite/embedded-store-files.ts';
import { BACKUP_FILES, MANIFEST_FILE, parseManifest, type BackupManifest } from './backup-manifest.ts';
import { fileDigest } from './file-digest.ts';
import { syncDirectory, syncFile } from './durable-files.ts';

/** What a restore would overwrite or contradict: the stores' files, with their write-ahead logs. */
const STORE_FILES = Object.values(EMBEDDED_STORE_FILES).flatMap((name) => [name, `${name}-wal`]);

/** A restore that cannot be made: nothing was written to DATA_DIR. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/**
 * Puts a backup's files into a DATA_DIR that holds no store yet, after checking each one's size and SHA-256 against
 * the manifest (a backup altered or cut short is refused whole). Each file is copied under a temporary name, flushed
 * and renamed, so a restore cut short leaves no store file half written. Without the read models in the backup, the
 * service builds them from the log when it starts (every projection catches up from the beginning).
 */
export async function restoreDataDir({ dataDir, backup }: { dataDir: string; backup: string }): Promise<BackupManifest> {
  const folder = resolve(backup);
  const target = resolve(dataDir);
  const present = STORE_FILES.filter((name) => existsSync(join(target, name)));
  if (present.length > 0) {
    throw new RestoreRefusedError(`DATA_DIR ${target} already holds ${present.join(', ')}: a restore goes into a DATA_DIR without stores (move those files aside first; stop the service if it runs there)`);
  }
  const manifestFile = join(folder, MANIFEST_FILE);
  if (!existsSync(manifestFile)) {
    throw new RestoreRefusedError(`${folder} holds no ${MANIFEST_FILE}: not a backup, or one that did not finish`);
  }
  const manifest = parseManifest(readFileSync(manifestFile, 'utf8'), manifestFile);
  for (const file of manifest.files) {
    const path = join(folder, file.name);
    if (!existsSync(path)) throw new RestoreRefusedError(`${path} is missing; the backup lists it`);
    const digest = await fileDigest(path);
    if (digest.bytes !== file.bytes || digest.sha256 !== file.sha256) {
      throw new RestoreRefusedError(`${path} is not the file the backup made (${digest.bytes} bytes, SHA-256 ${digest.sha256}; the manifest says ${file.bytes} bytes, ${file.sha256}): the backup was altered or damaged`);
    }
  }
  mkdirSync(target, { recursive: true });
  if (!statSync(target).isDirectory()) throw new RestoreRefusedError(`DATA_DIR ${target} is not a folder`);
  // The log first: a restore cut short (even by SIGKILL) leaves at worst a log without read models, which the service
  // builds again from it, never read models without their log. One that fails takes back what it put.
  const ordered = [...manifest.files].sort((a, b) => Number(b.name === BACKUP_FILES.events) - Number(a.name === BACKUP_FILES.events));
  const restored: string[] = [];
  try {
    for (const file of ordered) {
      const partial = join(target, `${file.name}.restoring`);
      restored.push(partial);
      copyFileSync(join(folder, file.name), partial);
      syncFile(partial);
      renameSync(partial, join(target, file.name));
      restored.push(join(target, file.name));
    }
  } catch (error) {
    for (const path of restored) {
      try {
        rmSync(path, { force: true });
      } catch {
        // Taken back as far as it can be; the failure to report is the copy's.
      }
    }
    throw error;
  }
  syncDirectory(target);
  return manifest;
}
