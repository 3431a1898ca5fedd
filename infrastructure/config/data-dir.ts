import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError } from './config-error.ts';

/**
 * Makes DATA_DIR when it is missing and checks that the process may write in it, so that a wrong path stops start-up
 * with a message naming the variable instead of the first store's system error ("EEXIST: file already exists, mkdir").
 */
export function ensureDataDir(dir: string): void {
  try {
    const existing = statSync(dir, { throwIfNoEntry: false });
    if (existing && !existing.isDirectory()) throw new ConfigError('DATA_DIR', `${dir} is a file, not a directory`);
    if (!existing) makeDirectories(dir);
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError('DATA_DIR', `cannot use ${dir}: ${reason(error)}`);
  }
}

/**
 * mkdir -p, a directory at a time from the nearest one that exists: Node's own recursive mkdir retries for ever where
 * the system answers ENOENT to a mkdir in a directory that exists (under /proc), and start-up hung there.
 */
function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let path = resolve(dir); !existsSync(path); path = dirname(path)) {
    missing.unshift(path);
    if (dirname(path) === path) break;
  }
  for (const path of missing) mkdirSync(path);
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a part of the path is a file, not a directory';
  if (code === 'ENOENT') return 'the system does not let a directory be made there';
  return error instanceof Error ? error.message : String(error);
}
