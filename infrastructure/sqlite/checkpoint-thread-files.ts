import { resolve } from 'node:path';

/**
 * The SQLite files whose write-ahead logs a checkpoint thread of this process copies (WalCheckpointer). Kept per
 * thread: the thread that starts the checkpointer registers them, and hands the list to the workers thread it starts.
 */
const files = new Set<string>();

export function markCheckpointedByThread(paths: readonly string[]): void {
  for (const path of paths) files.add(resolve(path));
}

export function unmarkCheckpointedByThread(paths: readonly string[]): void {
  for (const path of paths) files.delete(resolve(path));
}

export function checkpointedByThread(path: string): boolean {
  return files.has(resolve(path));
}

export function filesCheckpointedByThread(): string[] {
  return [...files];
}
