import { performance } from 'node:perf_hooks';
import { runOpen, type OpenRun } from './open-run.ts';
import { confirmRate, rateToDecideGoal, searchRate, type ProbeOutcome } from './rate-search.ts';
import { SANDBOX_DELAY_MS } from './service-process.ts';

export interface E2eResult {
  sandboxDelayMs: number;
  probeSeconds: number;
  confirmSeconds: number;
  /** The search and the confirmations bisect until the lowest failure is within this share above the highest pass. */
  resolution: number;
  /** The short probes of the search, in order. */
  probes: Array<ProbeOutcome & { p99Ms: number; clientCoreShare: number }>;
  /** The highest rate a probe passed. */
  searched: number | undefined;
  /**
   * The long runs: the first at `searched`, stepping down while they failed, then bisecting up toward the lowest
   * failure; last, at the benchmark's end, one at goal 1's rate when only that run can decide it (confirmAtGoal).
   */
  confirmations: OpenRun[];
  /** The rate the last confirmation passed at: goal 1's figure. */
  rate: number | undefined;
  /** A shorter run at that rate (or the last one tried) with the service under --cpu-prof, for the Profiles section. */
  profiled: OpenRun | undefined;
  seconds: number;
}

/**
 * 5 %: at 10 %, goal 1's own rate could lie between the highest pass and the lowest failure untried (a run passed
 * 1,000/s, a probe failed 1,100/s, the goal asked 1,046/s). Costs a probe more, and long runs more after a failed one.
 */
const RESOLUTION = 0.05;

/**
 * Goal 1, sustained end to end: the highest open-loop rate (POSTs/s of the sample invoice) at which every document
 * is validated within 1 s of its POST and no worker's lag grows (bench/open-run.ts). Short probes
 * (BENCH_E2E_PROBE_SECONDS, 12) find it, doubling from BENCH_E2E_START_RATE (100) and then bisecting to RESOLUTION;
 * one run of BENCH_E2E_SECONDS (60) confirms it; when that fails the rate steps down 20 % and is confirmed again (at most 5 runs:
 * short probes pass well above what 60 s sustain, for a lag that grows slowly shows only in the long run), and a rate
 * that passes after a failure is bisected against the lowest failure to RESOLUTION, within the same runs and time.
 * BENCH_E2E_BUDGET_SECONDS (900) bounds search and confirmation. Then a run of BENCH_E2E_PROFILE_SECONDS (20) at the
 * confirmed rate profiles the service with --cpu-prof (apart, so the profiler's cost never fails a confirmation).
 */
export async function runE2e(): Promise<E2eResult> {
  const start = performance.now();
  const budgetMs = Number(process.env.BENCH_E2E_BUDGET_SECONDS ?? 900) * 1000;
  const probeSeconds = Number(process.env.BENCH_E2E_PROBE_SECONDS ?? 12);
  const confirmSeconds = Number(process.env.BENCH_E2E_SECONDS ?? 60);
  const elapsed = () => performance.now() - start;
  const probes: E2eResult['probes'] = [];

  const search = await searchRate(
    async (rate) => {
      const run = await runOpen(rate, probeSeconds, { label: `e2e-probe-${rate}`, finalWaitMs: 15_000 });
      process.stderr.write(`[bench] e2e probe ${rate}/s: ${run.pass ? 'pass' : `fail (${run.reason})`}\n`);
      const outcome = { rate, pass: run.pass, reason: run.reason, p99Ms: run.validation.p99Ms, clientCoreShare: run.load.clientCpu.coreShare };
      probes.push(outcome);
      return outcome;
    },
    {
      startRate: Number(process.env.BENCH_E2E_START_RATE ?? 100),
      minRate: 5,
      maxRate: Number(process.env.BENCH_E2E_MAX_RATE ?? 5_000),
      resolution: RESOLUTION,
      maxProbes: 12,
      // Leaves room for the confirmation run.
      timeLeft: () => elapsed() + (confirmSeconds + 30) * 1000 < budgetMs,
    },
  );

  const confirmations: OpenRun[] = [];
  const confirmation =
    search.best === undefined
      ? { confirmed: undefined }
      : await confirmRate(
          async (rate) => {
            const run = await runOpen(rate, confirmSeconds, { label: `e2e-${rate}` });
            process.stderr.write(`[bench] e2e confirmation ${rate}/s for ${confirmSeconds} s: ${run.pass ? 'pass' : `fail (${run.reason})`}\n`);
            confirmations.push(run);
            return { rate, pass: run.pass, reason: run.reason };
          },
          { rate: search.best, step: 0.2, minRate: 5, maxRuns: 5, refine: RESOLUTION, timeLeft: () => elapsed() + (confirmSeconds + 20) * 1000 < budgetMs * 1.25 },
        );
  const profileRate = confirmation.confirmed ?? confirmations[confirmations.length - 1]?.rate;
  const profileSeconds = Number(process.env.BENCH_E2E_PROFILE_SECONDS ?? 20);
  const profiled = profileRate === undefined ? undefined : await runOpen(profileRate, profileSeconds, { label: `e2e-profile-${profileRate}`, profile: true });
  return {
    sandboxDelayMs: SANDBOX_DELAY_MS,
    probeSeconds,
    confirmSeconds,
    resolution: RESOLUTION,
    probes,
    searched: search.best,
    confirmations,
    rate: confirmation.confirmed,
    profiled,
    seconds: elapsed() / 1000,
  };
}

/**
 * Goal 1's rate is its share of the highest baseline, known only once the benchmark's last baseline has run. When that
 * rate lies untried between the confirmed rate and the lowest failure above it (a long run's or a short probe's), one
 * more long run at it decides the verdict (a pass makes it the confirmed rate): the search's resolution alone once left
 * 1,342/s confirmed and 1,378/s failed against a goal of 1,343.1/s, and another time 900/s confirmed and a probe
 * failed at 925/s against a goal of 919/s.
 */
export async function confirmAtGoal(e2e: E2eResult, goalRate: number): Promise<E2eResult> {
  const rate = rateToDecideGoal(e2e.rate, e2e.confirmations, goalRate, e2e.probes);
  if (rate === undefined) return e2e;
  const start = performance.now();
  const run = await runOpen(rate, e2e.confirmSeconds, { label: `e2e-goal-${rate}` });
  process.stderr.write(`[bench] e2e confirmation at the goal's rate ${rate}/s for ${e2e.confirmSeconds} s: ${run.pass ? 'pass' : `fail (${run.reason})`}\n`);
  return { ...e2e, confirmations: [...e2e.confirmations, run], rate: run.pass ? rate : e2e.rate, seconds: e2e.seconds + (performance.now() - start) / 1000 };
}
