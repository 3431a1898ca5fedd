import { availableParallelism } from 'node:os';

/** V8's flag that runs the garbage collector on the JavaScript thread only, with no helper threads. */
export const SINGLE_THREADED_GC = '--single-threaded-gc';

/**
 * The Node options an HTTP process starts with: the supervisor's own, and, when the HTTP processes are at least as many
 * as the cores, a garbage collector without helper threads. Each process then has a core at most, and V8's parallel
 * and concurrent GC threads (four per process) only compete with the other processes' JavaScript threads: on two cores
 * with two HTTP processes, closed-loop issuance answered about 4–6 % more requests with them off (six alternating
 * pairs, −3 to +11 % a pair).
 * With fewer processes than cores the helpers use idle cores, and stay.
 */
export function httpProcessExecArgv(processes: number, supervisorArgv: readonly string[] = process.execArgv, cores = availableParallelism()): string[] {
  if (processes < cores || supervisorArgv.includes(SINGLE_THREADED_GC)) return [...supervisorArgv];
  return [...supervisorArgv, SINGLE_THREADED_GC];
}
