import { resolve } from 'node:path';

/**
 * The SQLite files whose write-ahead logs a checkpoint thread of this process copies (WalCheckpointer), each with how
 * often the stores should still checkpoint it themselves after a commit. Kept per thread: the thread that starts the
 * checkpointer registers them, and hands them to the workers thread it starts.
 */
const files = new Map<string, number>();

export function markCheckpointedByThread(paths: readonly string[], storesEveryMs: number): void {
  for (const path of paths) files.set(resolve(path), storesEveryMs);
}

export function unmarkCheckpointedByThread(paths: readonly string[]): void {
  for (const path of paths) files.delete(resolve(path));
}

/** How often the stores checkpoint `path` beside its thread; undefined when no thread copies it. */
export function storesPeriodBesideThread(path: string): number | undefined {
  return files.get(resolve(path));
}

export function filesCheckpointedByThread(): Array<[string, number]> {
  return [...files];
}

export function markAllCheckpointedByThread(entries: ReadonlyArray<readonly [string, number]>): void {
  for (const [path, storesEveryMs] of entries) markCheckpointedByThread([path], storesEveryMs);
}
