/** Another connection holds the log's write lock: the whole group may be written if tried again later. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

/** A duplicate event id, or a revision another append took: that append's fault, not the group's. */
export function isConstraint(error: unknown): boolean {
  return String((error as { code?: string } | null)?.code ?? '').startsWith('SQLITE_CONSTRAINT');
}
