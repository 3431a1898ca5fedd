/** A read-model transaction's first write waits at least this long for others to share its commit. */
export const COMMIT_AFTER_MS = 4;
/**
 * A connection commits at most once in this long. Each commit writes every page it dirtied to the write-ahead log,
 * at least one 16 KiB leaf for each table and index a row touched (about thirty for the service's projections,
 * whatever the number of rows), and the checkpoint thread copies them again. Measured at 1,000 documents/s: the
 * workers thread committed every 16 ms, at 1.6 ms a commit; spaced 50 ms apart, it used about 6–9 % less CPU and the
 * checkpoint thread about 20 % less. 100 ms was tried and not kept: 4–5 % less for the workers thread in two 60 s runs
 * at 1,250 documents/s, none in two at 1,100/s (one of which failed the benchmark's lag rule).
 */
export const COMMIT_SPACING_MS = 50;
/**
 * A transaction written to on every turn (a catch-up, a rebuild) commits once it is this old, busy or not: 50 ms instead
 * of 16 made a cold catch-up of 100,000 events about 8 % faster (each index page written once for more rows); 100 and
 * 200 measured the same as 50.
 */
export const COMMIT_BUSY_WITHIN_MS = 50;

export interface CommitWindow {
  /** From then on, the transaction commits on the first turn of the event loop that wrote nothing. */
  opensAt: number;
  /** Then it commits, whether the thread is still writing or not. */
  closesAt: number;
}

/**
 * When a transaction that began at `began` may and must commit, on the clock of `began` and `lastCommitAt`
 * (performance.now() in milliseconds). An idle connection commits within COMMIT_AFTER_MS of its first write; one that
 * keeps writing commits every COMMIT_SPACING_MS at most, so its rows share commits instead of paying one each.
 */
export function commitWindow(began: number, lastCommitAt: number): CommitWindow {
  const opensAt = Math.max(began + COMMIT_AFTER_MS, lastCommitAt + COMMIT_SPACING_MS);
  return { opensAt, closesAt: Math.max(began + COMMIT_BUSY_WITHIN_MS, opensAt) };
}
