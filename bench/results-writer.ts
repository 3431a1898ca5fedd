import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';
import type { AppendRateResult } from './append-rate.ts';
import type { CatchUpResult } from './catch-up.ts';
import type { HttpLoadResult } from './http-load.ts';
import type { IssuanceResult } from './issuance.ts';
import type { RebuildResult } from './rebuild.ts';
import type { MessagesBenchResult } from './messages.ts';
import { messagesRows, messagesSettings } from './messages-results.ts';
import type { RenderBenchResult } from './render.ts';
import { renderRows, renderSettings } from './render-results.ts';
import type { ClusterResult } from './cluster-run.ts';
import { clusterRows, clusterSettings } from './cluster-results.ts';

const TARGETS = {
  issuanceRequestsPerSecond: 1_000,
  issuanceP99Ms: 50,
  catchUpEventsPerSecond: 10_000,
};

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
  issuance: IssuanceResult | Error;
  baseline: HttpLoadResult | Error;
  append: AppendRateResult | Error;
  catchUp: CatchUpResult | Error;
  rebuild: RebuildResult | Error;
  messages: MessagesBenchResult | Error;
  render: RenderBenchResult | Error;
  cluster: ClusterResult | Error;
  totalSeconds: number;
}

type Verdict = 'PASS' | 'FAIL' | '—';

interface Row {
  benchmark: string;
  metric: string;
  value: string;
  target: string;
  verdict: Verdict;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`;
const ratio = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 3 });
/** A benchmark left out of this run by BENCH_ONLY. */
export class Skipped extends Error {
  constructor() {
    super('skipped (BENCH_ONLY)');
    this.name = 'Skipped';
  }
}

const failed = (error: Error) => (error instanceof Skipped ? 'skipped' : `error: ${error.message.split('\n')[0]}`);
const failVerdict = (error: Error): Verdict => (error instanceof Skipped ? '—' : 'FAIL');

/** Workers that stopped: their share of the work was not done, so the HTTP numbers are not comparable. */
const failedWorkers = (issuance: IssuanceResult) => issuance.lagAfterRun.filter((worker) => worker.state === 'failed');

function rows(results: BenchResults): Row[] {
  const out: Row[] = [];
  const { issuance, baseline, append, catchUp, rebuild } = results;

  const issuing = 'Issuance over HTTP';
  if (issuance instanceof Error) {
    out.push({ benchmark: issuing, metric: 'requests/s', value: failed(issuance), target: `≥ ${int(TARGETS.issuanceRequestsPerSecond)}`, verdict: failVerdict(issuance) });
  } else {
    out.push(
      {
        benchmark: issuing,
        metric: 'requests/s',
        value: int(issuance.requestsPerSecond),
        target: `≥ ${int(TARGETS.issuanceRequestsPerSecond)}`,
        verdict: issuance.requestsPerSecond >= TARGETS.issuanceRequestsPerSecond ? 'PASS' : 'FAIL',
      },
      { benchmark: issuing, metric: 'latency p50', value: ms(issuance.p50Ms), target: '—', verdict: '—' },
      {
        benchmark: issuing,
        metric: 'latency p99',
        value: ms(issuance.p99Ms),
        target: `≤ ${TARGETS.issuanceP99Ms} ms`,
        verdict: issuance.p99Ms <= TARGETS.issuanceP99Ms ? 'PASS' : 'FAIL',
      },
      {
        benchmark: issuing,
        metric: 'workers failed during the run',
        value: failedWorkers(issuance).map((w) => w.name).join(', ') || 'none',
        target: 'none',
        verdict: failedWorkers(issuance).length === 0 ? 'PASS' : 'FAIL',
      },
      {
        benchmark: issuing,
        metric: 'non-2xx / errors / timeouts',
        value: `${int(issuance.non2xx)} / ${int(issuance.errors)} / ${int(issuance.timeouts)}`,
        target: '—',
        verdict: '—',
      },
    );
  }

  const base = 'Baseline: bare express 5 + express.json()';
  if (baseline instanceof Error) {
    out.push({ benchmark: base, metric: 'requests/s', value: failed(baseline), target: '—', verdict: '—' });
  } else {
    out.push({ benchmark: base, metric: 'requests/s', value: int(baseline.requestsPerSecond), target: '—', verdict: '—' });
    out.push({ benchmark: base, metric: 'latency p50 / p99', value: `${ms(baseline.p50Ms)} / ${ms(baseline.p99Ms)}`, target: '—', verdict: '—' });
    if (!(issuance instanceof Error)) {
      out.push({ benchmark: base, metric: 'issuance / baseline', value: ratio(issuance.requestsPerSecond / baseline.requestsPerSecond), target: '—', verdict: '—' });
    }
  }

  const appending = 'SQLite append (single-event, new streams)';
  if (append instanceof Error) {
    out.push({ benchmark: appending, metric: 'events/s', value: failed(append), target: '—', verdict: '—' });
  } else {
    out.push(
      { benchmark: appending, metric: `SqliteEventStore.append, N=${int(append.events)}`, value: `${int(append.storeEventsPerSecond)} events/s`, target: '—', verdict: '—' },
      { benchmark: appending, metric: 'raw better-sqlite3 INSERT (autocommit)', value: `${int(append.rawEventsPerSecond)} events/s`, target: '—', verdict: '—' },
      { benchmark: appending, metric: 'store / raw', value: ratio(append.ratio), target: '—', verdict: '—' },
    );
  }

  const catching = 'Projection catch-up (documents)';
  const catchTarget = `≥ ${int(TARGETS.catchUpEventsPerSecond)} events/s`;
  if (catchUp instanceof Error) {
    out.push({ benchmark: catching, metric: 'events/s', value: failed(catchUp), target: catchTarget, verdict: failVerdict(catchUp) });
  } else {
    out.push({
      benchmark: catching,
      metric: `${int(catchUp.events)} events in ${catchUp.seconds.toFixed(2)} s`,
      value: `${int(catchUp.eventsPerSecond)} events/s`,
      target: catchTarget,
      verdict: catchUp.eventsPerSecond >= TARGETS.catchUpEventsPerSecond ? 'PASS' : 'FAIL',
    });
  }
  const rebuilding = 'Projection rebuild (documents)';
  if (rebuild instanceof Error) {
    out.push({ benchmark: rebuilding, metric: 'events/s', value: failed(rebuild), target: '—', verdict: failVerdict(rebuild) });
  } else {
    out.push({
      benchmark: rebuilding,
      metric: `${int(rebuild.events)} events in ${rebuild.seconds.toFixed(1)} s`,
      value: `${int(rebuild.eventsPerSecond)} events/s`,
      target: '—',
      verdict: '—',
    });
  }
  if (!(issuance instanceof Error)) {
    const lag = issuance.documentsLagDuringLoad;
    out.push({
      benchmark: 'Projection lag under sustained issuance (documents)',
      metric: `p50 / max over ${lag.samples} samples (events)`,
      value: `${int(lag.p50)}${lag.capped && lag.p50 >= lag.max ? '+' : ''} / ${int(lag.max)}${lag.capped ? '+' : ''}`,
      target: '—',
      verdict: '—',
    });
  }
  out.push(...messagesRows(results.messages));
  out.push(...renderRows(results.render));
  out.push(...clusterRows(results.cluster));
  return out;
}

function settings(results: BenchResults): string[] {
  const lines: string[] = [];
  const { issuance, baseline, append, catchUp, rebuild } = results;
  if (!(issuance instanceof Error)) {
    const lag = issuance.lagAfterRun.map((s) => `${s.name} ${int(s.lag)} (${s.state})`).join(', ') || 'unknown';
    lines.push(
      `- Issuance: \`node --import tsx api/main.ts\` as a child process on SQLite (temp DATA_DIR, LOG_LEVEL=warn), workers running (${issuance.lagAfterRun.map((s) => s.name).join(', ') || 'see the service'}), sandbox delay ${issuance.sandboxDelayMs} ms. ` +
        `autocannon (in the benchmark process, on the same machine), ${issuance.connections} connections, pipelining 1, warm-up then ${issuance.durationSeconds} s measured; ` +
        `every request has its own Idempotency-Key and the sample invoice body. ${int(issuance.totalRequests)} requests measured; status codes ${JSON.stringify(issuance.statusCodes)}.`,
      `- Worker lag (events behind the head) right after the measured run: ${lag}.`,
      ...failedWorkers(issuance).map(
        (worker) => `- **Worker \`${worker.name}\` had failed** (\`${(worker.error ?? 'no error reported').replace(/[`\n]/g, ' ')}\`): it stopped doing its share, so the issuance numbers above overstate what the service sustains.`,
      ),
    );
  }
  if (!(baseline instanceof Error)) {
    lines.push(`- Baseline: \`bench/baseline-server.ts\` as a child process, same autocannon settings (${baseline.connections} connections, ${baseline.durationSeconds} s), same body and header sizes.`);
  }
  if (!(append instanceof Error)) {
    lines.push(
      `- Append: ${int(append.events)} DocumentCreated events (sample body; ~2.3 KB of JSON with metadata each), one per new stream with expected 'no_stream', after 1,000 untimed warm-up appends; ` +
        'raw: the same rows into an identical table (same constraints, index and pragmas: WAL, synchronous=NORMAL), one autocommit INSERT per row. Temp files on the local disk.',
    );
  }
  if (!(rebuild instanceof Error)) {
    lines.push(
      `- Rebuild: the operator's \`projections rebuild documents\` (ProjectionRebuild) over ${int(rebuild.events)} events (one append of created, submission started and validated per invoice; ` +
        `${rebuild.setupSeconds.toFixed(1)} s untimed setup), building version 2 beside version 1 from position 0, then the switch and the drop of version 1. BENCH_REBUILD_EVENTS sets the size.`,
    );
  }
  if (!(issuance instanceof Error)) {
    lines.push('- Projection lag under load: `/health/ready` sampled every 250 ms during the issuance run (warm-up and measured window); positions between the documents checkpoint and the head.');
  }
  if (!(catchUp instanceof Error)) {
    lines.push(
      `- Catch-up: ${int(catchUp.documents)} sales invoices (DocumentCreated, DocumentSubmissionStarted, DocumentValidated each, built by the document decider, one append each; ` +
        `${catchUp.setupSeconds.toFixed(1)} s untimed setup), then a fresh SubscriptionRunner + DocumentsProjection + SqliteReadModelStore from position 0, timed to runner.waitFor(head).`,
    );
  }
  lines.push(...messagesSettings(results.messages));
  lines.push(...renderSettings(results.render));
  lines.push(...clusterSettings(results.cluster));
  return lines;
}

function renderMarkdown(results: BenchResults): string {
  const { machine } = results;
  const table = rows(results).map((row) => `| ${row.benchmark} | ${row.metric} | ${row.value} | ${row.target} | ${row.verdict} |`);
  const errors = (['issuance', 'baseline', 'append', 'catchUp', 'rebuild', 'messages', 'render'] as const)
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
    '| Benchmark | Metric | Measured | Target | Result |',
    '| --- | --- | --- | --- | --- |',
    ...table,
    '',
    '## How it was measured',
    '',
    ...settings(results),
    `- Whole run: ${results.totalSeconds.toFixed(0)} s.`,
    ...(errors.length ? ['', '## Errors', '', ...errors] : []),
    '',
  ].join('\n');
}

export function renderSummary(results: BenchResults): string {
  const lines = rows(results).map((row) => {
    const target = row.target === '—' ? '' : `  (target ${row.target}: ${row.verdict})`;
    return `  ${`${row.benchmark} — ${row.metric}`.padEnd(72)} ${row.value}${target}`;
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
