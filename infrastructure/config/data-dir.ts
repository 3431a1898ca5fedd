import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { ConfigError } from './config-error.ts';

/**
 * Makes DATA_DIR when it is missing and checks that the process may write in it, so that a wrong path stops start-up
 * with a message naming the variable instead of the first store's system error ("EEXIST: file already exists, mkdir").
 */
export function ensureDataDir(dir: string): void {
  try {
    const existing = statSync(dir, { throwIfNoEntry: false });
    if (existing && !existing.isDirectory()) throw new ConfigError('DATA_DIR', `${dir} is a file, not a directory`);
    if (!existing) mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError('DATA_DIR', `cannot use ${dir}: ${reason(error)}`);
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a part of the path is a file, not a directory';
  return error instanceof Error ? error.message : String(error);
}
