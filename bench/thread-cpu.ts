import { availableParallelism } from 'node:os';

/** The service's CPU seconds so far by thread (main, workers, wal-checkpoint), as its /metrics reports them. */
export type ThreadCpu = Record<string, number>;

/** CPU per document, by thread, over a stretch of a service run. */
export interface ThreadCpuPerDocument {
  documents: number;
  /** Milliseconds of CPU per document, by thread. */
  byThread: Record<string, number>;
  totalMs: number;
}

const SERIES = /^process_thread_cpu_seconds_total\{thread="([^"]+)"\} ([0-9.eE+-]+)$/;

/** The `process_thread_cpu_seconds_total` series of a Prometheus text exposition; empty when it has none. */
export function parseThreadCpu(text: string): ThreadCpu {
  const seconds: ThreadCpu = {};
  for (const line of text.split('\n')) {
    const match = SERIES.exec(line.trim());
    if (match && Number.isFinite(Number(match[2]))) seconds[match[1]] = Number(match[2]);
  }
  return seconds;
}

/** The service's threads' CPU seconds so far; empty when it does not report them (systems without /proc). */
export async function readThreadCpu(baseUrl: string): Promise<ThreadCpu> {
  try {
    return parseThreadCpu(await (await fetch(`${baseUrl}/metrics`)).text());
  } catch {
    return {};
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
