// Plain JavaScript, so that the WAL checkpoint thread (which runs without a TypeScript loader) shares it.
import { setPriority } from 'node:os';
import { osThreadId } from './os-thread.mjs';

/**
 * Gives the calling thread a nice value (0 to 19: higher yields more), so that when the cores are all busy the
 * scheduler serves the HTTP thread before background work. On Linux each thread has its own nice value, set through
 * its thread id. Answers false where that is not available (other systems).
 */
export function niceThisThread(nice) {
  const threadId = osThreadId();
  if (threadId === undefined) return false;
  try {
    setPriority(threadId, nice);
    return true;
  } catch {
    return false;
  }
}
