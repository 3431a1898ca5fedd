import { availableParallelism } from 'node:os';

/**
 * The service's CPU seconds so far by thread (main, workers, wal-checkpoint), as its /metrics reports them, and the
 * rest of the process's (OTHER_THREADS: V8's garbage-collection and compiler helpers, libuv's pool); and, under
 * GC_PREFIX and a thread's name, the seconds its garbage collector paused it (part of that thread's CPU, not more).
 */
export type ThreadCpu = Record<string, number>;

/** The key of a thread's garbage-collection pauses in a ThreadCpu: `gc:main`. */
export const GC_PREFIX = 'gc:';

/** The process's CPU (`process_cpu_seconds_total`) less its named threads'. */
export const OTHER_THREADS = 'other threads';

/** CPU per document, by thread, over a stretch of a service run. */
export interface ThreadCpuPerDocument {
  documents: number;
  /** Milliseconds of CPU per document, by thread. */
  byThread: Record<string, number>;
  totalMs: number;
  /** Of that, the milliseconds per document each JavaScript thread was paused by the garbage collector. */
  gcByThread: Record<string, number>;
}

const SERIES = /^process_thread_cpu_seconds_total\{thread="([^"]+)"\} ([0-9.eE+-]+)$/;
const PROCESS = /^process_cpu_seconds_total ([0-9.eE+-]+)$/;
const GC_SERIES = /^process_thread_gc_seconds_total\{thread="([^"]+)",kind="[^"]+"\} ([0-9.eE+-]+)$/;

/**
 * The `process_thread_cpu_seconds_total` series of a Prometheus text exposition, and OTHER_THREADS when it also holds
 * `process_cpu_seconds_total`; empty when it has no thread's series. With them, each thread's
 * `process_thread_gc_seconds_total` (its kinds summed) under GC_PREFIX.
 */
export function parseThreadCpu(text: string): ThreadCpu {
  const seconds: ThreadCpu = {};
  const gc: ThreadCpu = {};
  let processSeconds: number | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const match = SERIES.exec(line);
    if (match && Number.isFinite(Number(match[2]))) seconds[match[1]] = Number(match[2]);
    const total = PROCESS.exec(line);
    if (total && Number.isFinite(Number(total[1]))) processSeconds = Number(total[1]);
    const paused = GC_SERIES.exec(line);
    if (paused && Number.isFinite(Number(paused[2]))) {
      const key = `${GC_PREFIX}${paused[1]}`;
      gc[key] = (gc[key] ?? 0) + Number(paused[2]);
    }
  }
  const named = Object.values(seconds);
  if (named.length === 0) return seconds;
  // Threads are counted in 10 ms ticks and the process to the microsecond: never below zero.
  if (processSeconds !== undefined) seconds[OTHER_THREADS] = Math.max(0, processSeconds - named.reduce((sum, s) => sum + s, 0));
  return { ...seconds, ...gc };
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
  const keys = Object.keys(after).filter((key) => key in before);
  const threads = keys.filter((key) => !key.startsWith(GC_PREFIX));
  if (documents <= 0 || threads.length === 0) return undefined;
  const msPerDocument = (key: string) => (1000 * Math.max(0, after[key] - before[key])) / documents;
  const byThread = Object.fromEntries(threads.map((thread) => [thread, msPerDocument(thread)]));
  const gcByThread = Object.fromEntries(keys.filter((key) => key.startsWith(GC_PREFIX)).map((key) => [key.slice(GC_PREFIX.length), msPerDocument(key)]));
  return { documents, byThread, totalMs: Object.values(byThread).reduce((sum, ms) => sum + ms, 0), gcByThread };
}

const perDocument = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ms`;

/**
 * "main 0.46 ms, workers 0.91 ms, wal-checkpoint 0.13 ms; 1.50 ms in all (20,000 documents); of which garbage-collection
 * pauses main 0.10 ms, workers 0.11 ms".
 */
export function describeCpuPerDocument(cpu: ThreadCpuPerDocument | undefined): string {
  if (!cpu) return 'not measured (the service reports no per-thread CPU on this system)';
  const listed = (byThread: Record<string, number>) =>
    Object.entries(byThread)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([thread, msPerDocument]) => `${thread} ${perDocument(msPerDocument)}`)
      .join(', ');
  const all = `${listed(cpu.byThread)}; ${perDocument(cpu.totalMs)} in all (${cpu.documents.toLocaleString('en-US')} documents)`;
  return Object.keys(cpu.gcByThread).length > 0 ? `${all}; of which garbage-collection pauses ${listed(cpu.gcByThread)}` : all;
}

/** The CPU per document this machine's cores allow at `rate` documents a second: "2 cores at 1,535/s allow 1.30 ms". */
export function cpuBudget(rate: number | undefined, cores = availableParallelism()): string {
  if (rate === undefined || !(rate > 0)) return '—';
  return `${cores} cores at ${Math.round(rate).toLocaleString('en-US')}/s allow ${perDocument((1000 * cores) / rate)}`;
}
