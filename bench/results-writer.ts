import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';
import type { AppendRateResult } from './append-rate.ts';
import type { Baseline } from './baseline.ts';
import type { CatchUpResult } from './catch-up.ts';
import type { ClusterResult } from './cluster-run.ts';
import { clusterRows, clusterSettings } from './cluster-results.ts';
import type { E2eResult } from './e2e.ts';
import { baselineRows, e2eRows, issuanceRows, latencyRows } from './goals-results.ts';
import { goalSettings } from './goals-settings.ts';
import type { IssuanceResult } from './issuance.ts';
import type { LatencyResult } from './latency.ts';
import type { MessagesBenchResult } from './messages.ts';
import { messagesRows, messagesSettings } from './messages-results.ts';
import { profilesSection } from './profiles-results.ts';
import type { RebuildResult } from './rebuild.ts';
import type { DownloadsResult } from './downloads.ts';
import { downloadsRows, downloadsSettings } from './downloads-results.ts';
import type { RenderBenchResult } from './render.ts';
import { renderRows, renderSettings } from './render-results.ts';
import type { ListsResult } from './lists.ts';
import { listsRows, listsSettings } from './lists-results.ts';
import { Skipped, type Row } from './results-format.ts';
import { storeRows, storeSettings } from './store-results.ts';

export { Skipped } from './results-format.ts';

interface Machine {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  date: string;
  /** 1-minute load average when the run started: above ~0.5 per core, something else was competing for the CPU. */
  loadAtStart: number;
}

export function describeMachine(): Machine {
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    os: `${platform()} ${release()}`,
    date: new Date().toISOString(),
    loadAtStart: loadavg()[0],
  };
}

/** What each benchmark produced; an `Error` when it failed (the others still run). */
export interface BenchResults {
  machine: Machine;
  baseline: Baseline | Error;
  issuance: IssuanceResult | Error;
  /** Goal 3 again with two HTTP processes (bench/issuance.ts TWO_HTTP_PROCESSES). */
  issuanceTwoProcesses: IssuanceResult | Error;
  e2e: E2eResult | Error;
  latency: LatencyResult | Error;
  append: AppendRateResult | Error;
  catchUp: CatchUpResult | Error;
  rebuild: RebuildResult | Error;
  messages: MessagesBenchResult | Error;
  render: RenderBenchResult | Error;
  downloads: DownloadsResult | Error;
  lists: ListsResult | Error;
  cluster: ClusterResult | Error;
  totalSeconds: number;
}

function rows(results: BenchResults): Row[] {
  return [
    ...e2eRows(results),
    ...latencyRows(results),
    ...issuanceRows(results.issuance, results.baseline),
    ...issuanceRows(results.issuanceTwoProcesses, results.baseline),
    ...baselineRows(results.baseline),
    ...storeRows(results),
    ...messagesRows(results.messages),
    ...renderRows(results.render),
    ...downloadsRows(results.downloads),
    ...listsRows(results.lists),
    ...clusterRows(results.cluster),
  ];
}

const cell = (text: string | undefined) => (text ?? '—').replace(/\|/g, '\\|');

function renderMarkdown(results: BenchResults): string {
  const { machine } = results;
  const table = rows(results).map(
    (row) => `| ${[row.benchmark, row.metric, row.value, row.baseline, row.ratio, row.clientCpu, row.target, row.verdict].map(cell).join(' | ')} |`,
  );
  const names = ['baseline', 'issuance', 'issuanceTwoProcesses', 'e2e', 'latency', 'append', 'catchUp', 'rebuild', 'messages', 'render', 'downloads', 'cluster', 'lists'] as const;
  const errors = names
    .filter((name) => results[name] instanceof Error && !(results[name] instanceof Skipped))
    .map((name) => `- ${name}: \`${(results[name] as Error).message.split('\n')[0]}\``);
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts). Do not edit by hand; run the benchmark again.',
    '',
    '## Machine',
    '',
    '| Cores | CPU | Memory | Node | OS | Date | Load (1 min) at start |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${machine.cores} | ${machine.cpuModel} | ${machine.memoryGb} GB | ${machine.node} | ${machine.os} | ${machine.date} | ${machine.loadAtStart.toFixed(2)} |`,
    '',
    '## Results',
    '',
    'Baseline: measured in this same run, the bare express handler (the HTTP goals: the highest of its runs at the start, middle and end) or the floor (goal 4: the same reads and writes with nothing else); ratio: the figure over it; client CPU: the load generator\'s own process during that load.',
    '',
    '| Benchmark | Metric | Measured | Baseline (same run) | Ratio | Client CPU | Target | Result |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...table,
    '',
    '## How it was measured',
    '',
    ...goalSettings(results),
    ...storeSettings(results),
    ...messagesSettings(results.messages),
    ...renderSettings(results.render),
    ...downloadsSettings(results.downloads),
    ...listsSettings(results.lists),
    ...clusterSettings(results.cluster),
    `- Whole run: ${results.totalSeconds.toFixed(0)} s.`,
    '',
    ...profilesSection(results.e2e),
    ...(errors.length ? ['## Errors', '', ...errors, ''] : []),
  ].join('\n');
}

export function renderSummary(results: BenchResults): string {
  const lines = rows(results).map((row) => {
    const against = row.ratio && row.ratio !== '—' ? ` = ${row.ratio} of ${row.baseline}` : '';
    const client = row.clientCpu ? ` [client ${row.clientCpu}]` : '';
    const target = row.target === '—' ? '' : `  (target ${row.target}: ${row.verdict})`;
    return `  ${`${row.benchmark} — ${row.metric}`.padEnd(72)} ${row.value}${against}${client}${target}`;
  });
  const { machine } = results;
  return [
    '',
    `Benchmark summary — ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.date}, load ${machine.loadAtStart.toFixed(2)} at start`,
    ...lines,
    `  Total time: ${results.totalSeconds.toFixed(0)} s`,
    '',
  ].join('\n');
}

export function writeResults(file: string, results: BenchResults): void {
  writeFileSync(file, renderMarkdown(results));
}
