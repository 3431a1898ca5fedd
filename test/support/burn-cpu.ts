import { threadCpuSeconds } from '../../infrastructure/runtime/os-thread.mjs';

/** Where the busy loop leaves its result, so that its work is not dropped as unused. */
let sink = 0;

/**
 * Keeps this thread busy until the system counts `seconds` more of its CPU time (at most 20 s of wall time): a fixed
 * amount of work would not do, since other threads of the process may run meanwhile. Answers how much it grew.
 */
export function burnThreadCpu(threadId: number, seconds: number): number {
  const start = threadCpuSeconds(threadId)!;
  const deadline = Date.now() + 20_000;
  let x = 0;
  while (threadCpuSeconds(threadId)! - start < seconds && Date.now() < deadline) {
    for (let i = 0; i < 100_000; i += 1) x = (x * 31 + i) % 1_000_003;
  }
  sink ^= x;
  return threadCpuSeconds(threadId)! - start;
}
