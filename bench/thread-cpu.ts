import { availableParallelism } from 'node:os';

/**
 * The service's CPU seconds so far by thread (main, workers, wal-checkpoint), as its /metrics reports them, and the
 * rest of the process's (OTHER_THREADS: V8's garbage-collection and compiler helpers, libuv's pool).
 */
export type ThreadCpu = Record<string, number>;

/** The process's CPU (`process_cpu_seconds_total`) less its named threads'. */
export const OTHER_THREADS = 'other threads';

/** CPU per document, by thread, over a stretch of a service run. */
export interface ThreadCpuPerDocument {
  documents: number;
  /** Milliseconds of CPU per document, by thread. */
  byThread: Record<string, number>;
  totalMs: number;
}

const SERIES = /^process_thread_cpu_seconds_total\{thread="([^"]+)"\} ([0-9.eE+-]+)$/;
const PROCESS = /^process_cpu_seconds_total ([0-9.eE+-]+)$/;

/**
 * The `process_thread_cpu_seconds_total` series of a Prometheus text exposition, and OTHER_THREADS when it also holds
 * `process_cpu_seconds_total`; empty when it has no thread's series.
 */
export function parseThreadCpu(text: string): ThreadCpu {
  const seconds: ThreadCpu = {};
  let processSeconds: number | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const match = SERIES.exec(line);
    if (match && Number.isFinite(Number(match[2]))) seconds[match[1]] = Number(match[2]);
    const total = PROCESS.exec(line);
    if (total && Number.isFinite(Number(total[1]))) processSeconds = Number(total[1]);
  }
  const named = Object.values(seconds);
  // Threads are counted in 10 ms ticks and the process to the microsecond: never below zero.
  if (processSeconds !== undefined && named.length > 0) seconds[OTHER_THREADS] = Math.max(0, processSeconds - named.reduce((sum, s) => sum + s, 0));
  return seconds;
}

/**
 * The service's threads' CPU seconds so far; empty when it does not report them (systems without /proc) or does not
 * answer. A failed request is tried again: after a long run the pooled connection it goes out on was at times found
 * closed ("other side closed"), which lost the run's figure.
 */
export async function readThreadCpu(baseUrl: string, attempts = 3): Promise<ThreadCpu> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return parseThreadCpu(await (await fetch(`${baseUrl}/metrics`)).text());
    } catch {
      if (attempt >= attempts) return {};
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** What each thread spent per document between two readings; undefined without documents or readings. */
export function cpuPerDocument(before: ThreadCpu, after: ThreadCpu, documents: number): ThreadCpuPerDocument | undefined {
  const threads = Object.keys(after).filter((thread) => thread in before);
  if (documents <= 0 || threads.length === 0) return undefined;
  const byThread = Object.fromEntries(threads.map((thread) => [thread, (1000 * Math.max(0, after[thread] - before[thread])) / documents]));
  return { documents, byThread, totalMs: Object.values(byThread).reduce((sum, msPerDocument) => sum + msPerDocument, 0) };
}

const perDocument = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ms`;

/** "main 0.46 ms, workers 0.91 ms, wal-checkpoint 0.13 ms; 1.50 ms in all (20,000 documents)". */
export function describeCpuPerDocument(cpu: ThreadCpuPerDocument | undefined): string {
  if (!cpu) return 'not measured (the service reports no per-thread CPU on this system)';
  const threads = Object.entries(cpu.byThread)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([thread, msPerDocument]) => `${thread} ${perDocument(msPerDocument)}`);
  return `${threads.join(', ')}; ${perDocument(cpu.totalMs)} in all (${cpu.documents.toLocaleString('en-US')} documents)`;
}

/** The CPU per document this machine's cores allow at `rate` documents a second: "2 cores at 1,535/s allow 1.30 ms". */
export function cpuBudget(rate: number | undefined, cores = availableParallelism()): string {
  if (rate === undefined || !(rate > 0)) return '—';
  return `${cores} cores at ${Math.round(rate).toLocaleString('en-US')}/s allow ${perDocument((1000 * cores) / rate)}`;
}
