/** Another connection holds the log's write lock: the whole group may be written if tried again later. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

/** A duplicate event id, or a revision another append took: that append's fault, not the group's. */
export function isConstraint(error: unknown): boolean {
  return String((error as { code?: string } | null)?.code ?? '').startsWith('SQLITE_CONSTRAINT');
}

/** About ten seconds of retries at most (the cap of the old busy_timeout was five). */
const MAX_BUSY_WAIT_MS = 10_000;

/**
 * How long a group refused for the write lock waits before try `attempt`, first refused `waitedMs` ago: the next two
 * turns of the event loop, then 4, 5, … up to 20 ms (GroupCommit cuts a wait short when the thread is idle through it).
 */
export function busyRetryDelay(attempt: number, waitedMs: number): number | undefined {
  if (waitedMs >= MAX_BUSY_WAIT_MS) return undefined;
  return attempt <= 3 ? 0 : Math.min(attempt, 20);
}
