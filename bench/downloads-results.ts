import type { DownloadsResult, DownloadsRun } from './downloads.ts';
import { atMost } from './stats.ts';
import { cpu, failed, failVerdict, int, ms, ratio, type Row } from './results-format.ts';

const BENCHMARK = 'Issuance beside downloads';
/** With render threads, a file's render must not hold up the HTTP thread: issuance p99 beside downloads within this of alone. */
const P99_RATIO_TARGET = 3;
const where = (run: DownloadsRun) => (run.renderThreads === 0 ? 'rendered on the HTTP thread' : `${run.renderThreads} render thread${run.renderThreads === 1 ? '' : 's'}`);

/** Per setting: issuance's p99 and rate beside the downloads against the same service alone, and the downloads' pace. */
export function downloadsRows(result: DownloadsResult | Error): Row[] {
  if (result instanceof Error) return [{ benchmark: BENCHMARK, metric: 'issuance p99', value: failed(result), target: '—', verdict: failVerdict(result) }];
  return result.runs.flatMap((run) => [
    {
      benchmark: BENCHMARK,
      metric: `${where(run)}: issuance latency p99 beside downloads (baseline: alone)`,
      value: ms(run.beside.p99Ms),
      baseline: ms(run.alone.p99Ms),
      ratio: ratio(run.beside.p99Ms / run.alone.p99Ms),
      clientCpu: cpu(run.beside.clientCpu),
      target: run.renderThreads === 0 ? '—' : `≤ ${P99_RATIO_TARGET}× alone`,
      verdict: run.renderThreads === 0 ? ('—' as const) : atMost(run.beside.p99Ms / run.alone.p99Ms, P99_RATIO_TARGET),
    },
    {
      benchmark: BENCHMARK,
      metric: `${where(run)}: issuance requests/s beside downloads (baseline: alone)`,
      value: `${int(run.beside.requestsPerSecond)} requests/s`,
      baseline: `${int(run.alone.requestsPerSecond)} requests/s`,
      ratio: ratio(run.beside.requestsPerSecond / run.alone.requestsPerSecond),
      target: '—',
      verdict: '—' as const,
    },
    {
      benchmark: BENCHMARK,
      metric: `${where(run)}: ${result.lines}-line ZIP downloads meanwhile, p50 / p99`,
      value: `${int(run.downloads.count)} downloads, ${ms(run.downloads.p50Ms)} / ${ms(run.downloads.p99Ms)}`,
      target: '—',
      verdict: '—' as const,
    },
  ]);
}

export function downloadsSettings(result: DownloadsResult | Error): string[] {
  if (result instanceof Error) return [];
  return [
    `- Issuance beside downloads: \`node --import tsx api/main.ts\` as a child process (SQLite, temp DATA_DIR, sandbox delay 50 ms), once ` +
      `with RENDER_THREADS=0 (files rendered and signed on the HTTP thread) and once with the default (${result.runs.at(-1)!.renderThreads} on this machine). ` +
      `A ${result.lines}-line sales invoice is posted and validated; then closed-loop issuance as goal 3's (its own process, same body and ` +
      `connections) runs alone, then again while one client in the benchmark process downloads that invoice's signed ZIP ` +
      `(${int(result.zipBytes)} bytes) back to back. The ratio is issuance beside the downloads over issuance alone, on the same service.`,
  ];
}
