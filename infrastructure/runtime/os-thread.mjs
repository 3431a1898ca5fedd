// Plain JavaScript, so that the WAL checkpoint thread (which runs without a TypeScript loader) shares it.
import { readFileSync, readlinkSync } from 'node:fs';

/** Linux reports a thread's CPU time in ticks of USER_HZ, which it fixes at 100 a second for /proc on x86 and ARM. */
const TICKS_PER_SECOND = 100;

/** The calling thread's id in the operating system (on Linux, `/proc/thread-self` names it); undefined elsewhere. */
export function osThreadId() {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The CPU seconds (user + system) that thread `threadId` of this process has used so far; undefined when unknown. */
export function threadCpuSeconds(threadId) {
  try {
    return cpuSecondsOfStat(readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** From the text of a `/proc/.../stat` file: utime + stime (its fields 14 and 15) in seconds; undefined if malformed. */
export function cpuSecondsOfStat(stat) {
  // Field 2, the thread's name, is in parentheses and may itself hold spaces and parentheses: count after the last ')'.
  const end = stat.lastIndexOf(')');
  if (end < 0) return undefined;
  const fields = stat.slice(end + 2).trim().split(/\s+/);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return fields.length >= 13 && Number.isFinite(ticks) && ticks >= 0 ? ticks / TICKS_PER_SECOND : undefined;
}
