/**
 * `npm run bench`: runs every benchmark one after the other (so they do not compete for the CPU), writes
 * bench/RESULTS.md and prints a summary. A benchmark that fails is reported as such; the others still run.
 * Every HTTP load runs in its own process (bench/load-client.ts), which reports its CPU use beside each figure.
 *
 * Knobs (environment):
 * - closed loop (baseline, issuance): BENCH_CONNECTIONS (10), BENCH_WARMUP_SECONDS (3), BENCH_DURATION_SECONDS (10);
 * - goal 1, end to end (e2e): BENCH_E2E_PROBE_SECONDS (12) per search probe, BENCH_E2E_SECONDS (60) for the
 *   confirmation, BENCH_E2E_START_RATE (100) and BENCH_E2E_MAX_RATE (5000) requests/s, BENCH_E2E_WARMUP_SECONDS (2),
 *   BENCH_E2E_BUDGET_SECONDS (900) for search and confirmation, BENCH_E2E_PROFILE_SECONDS (20) for the profiled run after it;
 * - open loop: BENCH_OPEN_CONNECTIONS (512) sockets at most, BENCH_OPEN_LATE_MS (100) after which a request was sent late;
 * - goal 2, latency: BENCH_LATENCY_WARMUP_SECONDS (3) of closed-loop warm-up, then BENCH_LATENCY_DOCUMENTS (200) one at a
 *   time, BENCH_LATENCY_POLL_MS (2), BENCH_LATENCY_SECONDS (30)
 *   at half the sustained rate, BENCH_LATENCY_RATE (the sustained rate to halve when e2e did not run);
 * - BENCH_FINAL_WAIT_SECONDS (60): how long a service run waits for every accepted document to be final;
 * - BENCH_APPEND_N (20000), BENCH_CATCHUP_EVENTS (100000), BENCH_REBUILD_EVENTS (1000000), BENCH_MESSAGES (3000),
 *   BENCH_RENDERS (5000), BENCH_ARTIFACT_RENDERS (200), BENCH_CLUSTER_DOCUMENTS (3000), BENCH_CLUSTER_CONNECTIONS (24);
 * - goal 5, lists: BENCH_LISTS_DOCUMENTS (1000000) in the demo tenant, BENCH_LISTS_OTHER (100000) in each of 9 others,
 *   BENCH_LISTS_REQUESTS (1000) per query, so a p99 is the tenth slowest, not the luck of one or two requests;
 * - BENCH_ONLY (comma list of baseline,issuance,e2e,latency,append,catch-up,rebuild,messages,render,downloads,cluster,lists),
 *   BENCH_PROFILE_DIR (the issuance run's service writes CPU profiles there), BENCH_RESULTS (output file;
 *   bench/RESULTS.md, not written on a BENCH_ONLY run unless named).
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runAppendRate } from './append-rate.ts';
import { highestBaseline, runBaseline } from './baseline.ts';
import { runCatchUp } from './catch-up.ts';
import { runCluster } from './cluster-run.ts';
import { runDownloads } from './downloads.ts';
import { confirmAtGoal, runE2e } from './e2e.ts';
import { GOALS } from './goal-targets.ts';
import { runLatency } from './latency.ts';
import { runLists } from './lists.ts';
import { runIssuance, TWO_HTTP_PROCESSES } from './issuance.ts';
import { runMessages } from './messages.ts';
import { inProjectionThread } from './projection-thread.ts';
import { runRender } from './render.ts';
import { cleanupNow, ROOT } from './resources.ts';
import { describeMachine, renderSummary, Skipped, writeResults, type BenchResults } from './results-writer.ts';

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

async function step<T>(name: string, run: () => Promise<T>): Promise<T | Error> {
  if (only && !only.includes(name)) return new Skipped();
  process.stderr.write(`[bench] ${name}…\n`);
  const start = performance.now();
  try {
    const result = await run();
    process.stderr.write(`[bench] ${name} done in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
    return result;
  } catch (error) {
    process.stderr.write(`[bench] ${name} FAILED: ${error instanceof Error ? error.stack : String(error)}\n`);
    return error instanceof Error ? error : new Error(String(error));
  }
}

async function main(): Promise<void> {
  const start = performance.now();
  const machine = describeMachine();
  const baselines = [await step('baseline', runBaseline)];
  const issuance = await step('issuance', () => runIssuance({}, process.env.BENCH_PROFILE_DIR));
  const issuanceTwoProcesses = await step('issuance', () => runIssuance(TWO_HTTP_PROCESSES));
  const e2e = await step('e2e', runE2e);
  baselines.push(await step('baseline', runBaseline));
  const sustained = e2e instanceof Error ? (process.env.BENCH_LATENCY_RATE ? Number(process.env.BENCH_LATENCY_RATE) : undefined) : e2e.rate;
  const latency = await step('latency', () => runLatency(sustained));
  const append = await step('append', () => runAppendRate());
  const catchUp = await step('catch-up', () => runCatchUp());
  const rebuild = await step('rebuild', () => inProjectionThread('rebuild'));
  const messages = await step('messages', runMessages);
  const render = await step('render', runRender);
  const downloads = await step('downloads', runDownloads);
  const cluster = await step('cluster', runCluster);
  const lists = await step('lists', runLists);
  baselines.push(await step('baseline', runBaseline));
  const baseline = highestBaseline(baselines);
  const decided = e2e instanceof Error || baseline instanceof Error ? e2e : await step('e2e', () => confirmAtGoal(e2e, baseline.requestsPerSecond * GOALS.e2eRatio));
  const results: BenchResults = { machine, baseline, issuance, issuanceTwoProcesses, e2e: decided instanceof Error ? e2e : decided, latency, append, catchUp, rebuild, messages, render, downloads, cluster, lists, totalSeconds: (performance.now() - start) / 1000 };

  process.stdout.write(renderSummary(results));
  // A partial run (BENCH_ONLY) leaves bench/RESULTS.md alone unless BENCH_RESULTS names a file.
  const file = process.env.BENCH_RESULTS || (only ? undefined : join(ROOT, 'bench', 'RESULTS.md'));
  if (file) {
    writeResults(file, results);
    process.stdout.write(`Results written to ${file}\n`);
  }
}

main()
  .catch((error) => {
    process.stderr.write(`[bench] ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(cleanupNow);
