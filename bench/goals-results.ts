import { correctnessRow } from './correctness-results.ts';
import type { Baseline } from './baseline.ts';
import type { E2eResult } from './e2e.ts';
import { GOALS } from './goal-targets.ts';
import type { HttpLoadResult } from './http-load.ts';
import { settingsText, type IssuanceResult } from './issuance.ts';
import type { LatencyResult } from './latency.ts';
import { cpu, failed, failVerdict, int, ms, ratio, type Row } from './results-format.ts';
import { allOf, atLeast, atMost, ratioTo } from './stats.ts';
import { cpuBudget, describeCpuPerDocument, type ThreadCpuPerDocument } from './thread-cpu.ts';

export interface GoalInputs {
  issuance: IssuanceResult | Error;
  baseline: Baseline | Error;
  e2e: E2eResult | Error;
  latency: LatencyResult | Error;
}

const BASE = 'Baseline: bare express 5 + express.json()';
const E2E = 'Goal 1: sustained end to end (open loop)';
const LATENCY = 'Goal 2: POST → validated latency';
const ISSUANCE = 'Goal 3: issuance over HTTP (closed loop)';

const perSecond = (n: number) => `${int(n)} requests/s`;
const baselineRate = (baseline: HttpLoadResult | Error) => (baseline instanceof Error ? undefined : baseline.requestsPerSecond);
/** The rate a ratio goal asks for: its ratio of the baseline measured in the same run. */
const goalRate = (baseline: HttpLoadResult | Error, goalRatio: number) => {
  const rate = baselineRate(baseline);
  return rate === undefined ? undefined : rate * goalRatio;
};
const baselineText = (baseline: HttpLoadResult | Error) => (baseline instanceof Error ? failed(baseline) : perSecond(baseline.requestsPerSecond));

/**
 * Where the service's CPU goes, per document and thread, beside what the cores allow at the goal's rate: a figure that
 * moves less from run to run than the rates, so it shows what a change saved even when the rate does not.
 */
function cpuRow(benchmark: string, run: string, cpu: ThreadCpuPerDocument | undefined, rateAsked: number | undefined): Row {
  const budget = rateAsked === undefined ? '' : `; ${cpuBudget(rateAsked)}`;
  return {
    benchmark,
    metric: `service CPU per document by thread (${run}, from before the warm-up until every document was final)`,
    value: `${describeCpuPerDocument(cpu)}${budget}`,
    target: '—',
    verdict: '—',
  };
}

export function baselineRows(baseline: Baseline | Error): Row[] {
  if (baseline instanceof Error) return [{ benchmark: BASE, metric: 'requests/s', value: failed(baseline), target: '—', verdict: '—' }];
  const runs = baseline.runs.length > 1 ? `; the highest of ${baseline.runs.length} runs over the benchmark: ${baseline.runs.map(int).join(', ')}` : '';
  return [
    { benchmark: BASE, metric: `requests/s (closed loop, ${baseline.connections} connections${runs})`, value: perSecond(baseline.requestsPerSecond), clientCpu: cpu(baseline.clientCpu), target: '—', verdict: '—' },
    { benchmark: BASE, metric: 'latency p50 / p99', value: `${ms(baseline.p50Ms)} / ${ms(baseline.p99Ms)}`, target: '—', verdict: '—' },
  ];
}

export function e2eRows({ e2e, baseline }: GoalInputs): Row[] {
  const target = `≥ ${GOALS.e2eRatio}× baseline`;
  if (e2e instanceof Error) return [{ benchmark: E2E, metric: 'sustained rate', value: failed(e2e), target, verdict: failVerdict(e2e) }];
  const share = ratioTo(e2e.rate, baselineRate(baseline));
  // The run that confirmed the figure (bisecting may have failed after it), else the last one tried.
  const reported = e2e.confirmations.find((run) => run.pass && run.rate === e2e.rate) ?? e2e.confirmations[e2e.confirmations.length - 1];
  const rows: Row[] = [
    {
      benchmark: E2E,
      metric: `highest rate with every document validated ≤ 1 s after its POST and no worker's lag growing, confirmed over ${e2e.confirmSeconds} s`,
      value: e2e.rate === undefined ? `none confirmed (search: ${e2e.searched ?? 'none'} requests/s)` : perSecond(e2e.rate),
      baseline: baselineText(baseline),
      ratio: ratio(share),
      clientCpu: reported ? cpu(reported.load.clientCpu) : '—',
      target,
      verdict: e2e.rate === undefined ? 'FAIL' : atLeast(share, GOALS.e2eRatio),
    },
    {
      benchmark: E2E,
      metric: `search probes (${e2e.probeSeconds} s each): rate → result, client CPU`,
      value: e2e.probes.map((p) => `${p.rate} ${p.pass ? '✓' : '✗'} (${Math.round(100 * p.clientCoreShare)} %)`).join(', ') || 'none',
      target: '—',
      verdict: '—',
    },
  ];
  for (const run of e2e.confirmations) {
    rows.push({
      benchmark: E2E,
      metric: `${run.seconds} s at ${run.rate}/s: POST → validated p50 / p99 / max`,
      value: `${ms(run.validation.p50Ms)} / ${ms(run.validation.p99Ms)} / ${ms(run.validation.maxMs)}; ${run.pass ? 'passed' : `failed: ${run.reason}`}`,
      clientCpu: cpu(run.load.clientCpu),
      target: '—',
      verdict: run.pass ? 'PASS' : 'FAIL',
    });
  }
  if (reported) {
    rows.push(correctnessRow(E2E, `run at ${reported.rate}/s`, reported.correctness));
    rows.push(cpuRow(E2E, `run at ${reported.rate}/s`, reported.threadCpu, goalRate(baseline, GOALS.e2eRatio)));
  }
  return rows;
}

export function latencyRows({ latency }: GoalInputs): Row[] {
  if (latency instanceof Error) return [{ benchmark: LATENCY, metric: 'POST → validated', value: failed(latency), target: '—', verdict: failVerdict(latency) }];
  const delay = latency.sandboxDelayMs;
  const { sequential, halfRate } = latency;
  const sequentialTarget = delay + GOALS.sequentialP50OverDelayMs;
  const rows: Row[] = [
    {
      benchmark: LATENCY,
      metric: `one document at a time (${sequential.documents}): p50 (p99 ${ms(sequential.p99Ms)}, max ${ms(sequential.maxMs)})`,
      value: ms(sequential.p50Ms),
      baseline: `sandbox delay ${delay} ms`,
      clientCpu: cpu(sequential.clientCpu),
      target: `≤ ${ms(sequentialTarget)}`,
      verdict: allOf([atMost(sequential.p50Ms, sequentialTarget), sequential.notFinal === 0 ? 'PASS' : 'FAIL']),
    },
    correctnessRow(LATENCY, 'one at a time', sequential.correctness),
  ];
  if (!halfRate) {
    rows.push({ benchmark: LATENCY, metric: 'half the sustained rate', value: 'not run: goal 1 found no rate', target: '—', verdict: 'FAIL' });
    return rows;
  }
  const p50Target = delay + GOALS.halfRateP50OverDelayMs;
  const p99Target = delay + GOALS.halfRateP99OverDelayMs;
  const common = { benchmark: LATENCY, baseline: `sandbox delay ${delay} ms`, clientCpu: cpu(halfRate.load.clientCpu) };
  const late = halfRate.load.late > 0 ? `, ${halfRate.load.late} sent late` : '';
  rows.push(
    { ...common, metric: `half the sustained rate (${halfRate.rate}/s open loop, ${halfRate.seconds} s, ${int(halfRate.accepted)} documents${late}): p50`, value: ms(halfRate.validation.p50Ms), target: `≤ ${ms(p50Target)}`, verdict: atMost(halfRate.validation.p50Ms, p50Target) },
    { ...common, metric: `half the sustained rate (${halfRate.rate}/s): p99 (max ${ms(halfRate.validation.maxMs)})`, value: ms(halfRate.validation.p99Ms), target: `≤ ${ms(p99Target)}`, verdict: atMost(halfRate.validation.p99Ms, p99Target) },
    correctnessRow(LATENCY, `half rate`, halfRate.correctness),
  );
  return rows;
}

/** Goal 3's rows for one issuance run; a run with settings of its own names them in its benchmark column. */
export function issuanceRows(issuance: IssuanceResult | Error, baseline: GoalInputs['baseline']): Row[] {
  const target = `≥ ${GOALS.issuanceRatio}× baseline`;
  if (issuance instanceof Error) return [{ benchmark: ISSUANCE, metric: 'requests/s', value: failed(issuance), target, verdict: failVerdict(issuance) }];
  const settings = settingsText(issuance.settings);
  const benchmark = settings ? `${ISSUANCE}, ${settings}` : ISSUANCE;
  const share = ratioTo(issuance.requestsPerSecond, baselineRate(baseline));
  const failedWorkers = issuance.lagAfterRun.filter((worker) => worker.state === 'failed');
  return [
    {
      benchmark,
      metric: `requests/s (${issuance.connections} connections, same body as the baseline)`,
      value: perSecond(issuance.requestsPerSecond),
      baseline: baselineText(baseline),
      ratio: ratio(share),
      clientCpu: cpu(issuance.clientCpu),
      target,
      verdict: atLeast(share, GOALS.issuanceRatio),
    },
    { benchmark, metric: 'latency p50', value: ms(issuance.p50Ms), target: '—', verdict: '—' },
    { benchmark, metric: 'latency p99', value: ms(issuance.p99Ms), target: `≤ ${GOALS.issuanceP99Ms} ms`, verdict: atMost(issuance.p99Ms, GOALS.issuanceP99Ms) },
    { benchmark, metric: 'workers failed during the run', value: failedWorkers.map((w) => w.name).join(', ') || 'none', target: 'none', verdict: failedWorkers.length === 0 ? 'PASS' : 'FAIL' },
    { benchmark, metric: 'non-2xx / errors / timeouts', value: `${int(issuance.non2xx)} / ${int(issuance.errors)} / ${int(issuance.timeouts)}`, target: '—', verdict: '—' },
    correctnessRow(benchmark, 'after the run', issuance.correctness),
    cpuRow(benchmark, `closed loop at ${int(issuance.requestsPerSecond)} requests/s`, issuance.threadCpu, goalRate(baseline, GOALS.issuanceRatio)),
  ];
}
