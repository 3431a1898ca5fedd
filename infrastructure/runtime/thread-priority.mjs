// Plain JavaScript, so that the WAL checkpoint thread (which runs without a TypeScript loader) shares it.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Gives the calling thread a nice value (0 to 19: higher yields more), so that when the cores are all busy the
 * scheduler serves the HTTP thread before background work. On Linux each thread has its own nice value, set through
 * its thread id (`/proc/thread-self` names it). Answers false where that is not available (other systems).
 */
export function niceThisThread(nice) {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, nice);
    return true;
  } catch {
    return false;
  }
}
