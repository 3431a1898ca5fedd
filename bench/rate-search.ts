/** One probe at a fixed arrival rate (requests/s): passed or not, and why not. */
export interface ProbeOutcome {
  rate: number;
  pass: boolean;
  reason: string;
}

export interface SearchOptions {
  /** The first rate probed. */
  startRate: number;
  /** Never probed above; a pass there ends the search. */
  maxRate: number;
  /** Never probed below; a failure there ends the search with no passing rate. */
  minRate: number;
  /** The search stops once the lowest failing rate is within this share above the highest passing one (0.1 = 10 %). */
  resolution: number;
  maxProbes: number;
  /** False once the time set aside for the search is spent: no further probe starts. */
  timeLeft: () => boolean;
}

export interface SearchResult {
  /** The highest rate that passed, undefined when none did. */
  best: number | undefined;
  probes: ProbeOutcome[];
}

/**
 * The highest passing rate: doubles from `startRate` while probes pass (halves while they fail), then bisects
 * between the highest pass and the lowest failure. Rates are whole requests per second; a rate is probed once.
 */
export async function searchRate(probe: (rate: number) => Promise<ProbeOutcome>, options: SearchOptions): Promise<SearchResult> {
  const probes: ProbeOutcome[] = [];
  let passed: number | undefined;
  let failed: number | undefined;
  let rate: number | undefined = clamp(options.startRate, options);
  while (rate !== undefined && probes.length < options.maxProbes && options.timeLeft()) {
    const outcome = await probe(rate);
    probes.push(outcome);
    if (outcome.pass) passed = Math.max(passed ?? 0, rate);
    else failed = Math.min(failed ?? Number.POSITIVE_INFINITY, rate);
    rate = nextRate(passed, failed, options, new Set(probes.map((p) => p.rate)));
  }
  return { best: passed, probes };
}

/** The next rate to probe, or undefined when the search is done. */
export function nextRate(passed: number | undefined, failed: number | undefined, options: SearchOptions, tried: ReadonlySet<number>): number | undefined {
  let next: number;
  if (failed === undefined) {
    if (passed === undefined || passed >= options.maxRate) return undefined;
    next = clamp(passed * 2, options);
  } else if (passed === undefined) {
    if (failed <= options.minRate) return undefined;
    next = clamp(failed / 2, options);
  } else {
    if (failed - passed <= Math.max(1, options.resolution * passed)) return undefined;
    next = Math.round((passed + failed) / 2);
  }
  return tried.has(next) ? undefined : next;
}

function clamp(rate: number, options: Pick<SearchOptions, 'minRate' | 'maxRate'>): number {
  return Math.round(Math.min(options.maxRate, Math.max(options.minRate, rate)));
}

/**
 * Confirms a rate with a long run; when that fails, steps down by `step` (0.2 = 20 % lower) and confirms again,
 * until one passes, `maxRuns` runs were made, the rate would fall below `minRate`, or the time is spent. With
 * `refine`, a rate that passed after a failure is then bisected against the lowest failure while they are more than
 * `refine` apart (0.1: 10 %), within the same runs and time: the step alone reports up to a fifth below the rate.
 */
export async function confirmRate(
  confirm: (rate: number) => Promise<ProbeOutcome>,
  options: { rate: number; step: number; minRate: number; maxRuns: number; timeLeft: () => boolean; refine?: number },
): Promise<{ confirmed: number | undefined; runs: ProbeOutcome[] }> {
  const runs: ProbeOutcome[] = [];
  const mayRun = () => runs.length < options.maxRuns && (runs.length === 0 || options.timeLeft());
  let rate = Math.round(options.rate);
  let confirmed: number | undefined;
  let failed: number | undefined;
  while (confirmed === undefined && mayRun() && rate >= options.minRate) {
    const outcome = await confirm(rate);
    runs.push(outcome);
    if (outcome.pass) confirmed = rate;
    else {
      failed = rate;
      rate = Math.min(rate - 1, Math.round(rate * (1 - options.step)));
    }
  }
  while (confirmed !== undefined && failed !== undefined && options.refine !== undefined && failed / confirmed - 1 > options.refine && mayRun()) {
    const middle = Math.round((confirmed + failed) / 2);
    if (middle <= confirmed || middle >= failed) break;
    const outcome = await confirm(middle);
    runs.push(outcome);
    if (outcome.pass) confirmed = middle;
    else failed = middle;
  }
  return { confirmed, runs };
}

/**
 * The rate one more confirmation should run at to decide a goal of `goalRate`: its whole requests/s rounded up, when
 * it lies above the confirmed rate and below the lowest failure above it, whether a long run's or a short probe's, and
 * no long run was made at it; otherwise undefined (the runs made already decide it). A first confirmation that passed
 * leaves only the probes' failures above it: 900/s confirmed and a probe failing 925/s left a goal of 919/s untried.
 */
export function rateToDecideGoal(
  confirmed: number | undefined,
  runs: readonly ProbeOutcome[],
  goalRate: number,
  probes: readonly ProbeOutcome[] = [],
): number | undefined {
  const rate = Math.ceil(goalRate);
  if (confirmed === undefined || confirmed >= rate) return undefined;
  const failures = [...runs, ...probes].filter((run) => !run.pass && run.rate > confirmed).map((run) => run.rate);
  if (failures.length === 0 || rate >= Math.min(...failures)) return undefined;
  return runs.some((run) => run.rate === rate) ? undefined : rate;
}
