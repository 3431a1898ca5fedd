import { GOALS } from './goal-targets.ts';
import type { GoalInputs } from './goals-results.ts';
import { LAG_RULE } from './lag-rule.ts';
import { LATE_SHARE_LIMIT, VALIDATED_WITHIN_MS } from './open-run.ts';
import { settingsText, TWO_HTTP_PROCESSES } from './issuance.ts';
import { int } from './results-format.ts';

/** The "How it was measured" lines of goals 1, 2, 3 and 6. */
export function goalSettings({ issuance, baseline, e2e, latency }: GoalInputs): string[] {
  const lines = [
    '- Load client (goal 6): every load runs in its own process (`node --import tsx bench/load-client.ts`), never in the benchmark process; ' +
      'its CPU (process.cpuUsage, user + system over the measured window, as a share of one core) is shown beside each figure, so a reader can tell the service\'s limit from the client\'s. ' +
      'Closed loop: autocannon, a warm-up then the measured run, every request its own Idempotency-Key. Open loop: request n starts at n / rate s over keep-alive connections of an undici pool (at most BENCH_OPEN_CONNECTIONS, 512), whatever the answers; ' +
      `a request that a connection starts to write more than BENCH_OPEN_LATE_MS (100) ms after its scheduled time counts as sent late, and a run with over ${100 * LATE_SHARE_LIMIT} % late measured the client and fails.`,
    '- Service runs: `node --import tsx api/main.ts` as a child process on SQLite (a fresh temp DATA_DIR per run, LOG_LEVEL=warn), workers running, sandbox delay 50 ms. ' +
      'POST → validated is validated_at − created_at of each document\'s record, read at the end of the run from DATA_DIR/read-models.sqlite (the documents read model) opened read-only by the benchmark process.',
    '- Correctness (every service run that counts: issuance, the end-to-end confirmation, both latency runs): after the load, the benchmark waits (at most BENCH_FINAL_WAIT_SECONDS, 60) until the read model holds at least as many documents as the clients saw answered 202 (warm-up included) and all are final (validated, rejected or failed); it must hold no more than that plus the requests sent whose answers were not counted (closed loop: the ones in flight when the warm-up and measured run ended, at most 2 × connections; open loop: those without an answer); ' +
      'then the validated ones\' numbers, per resolution prefix, must form one contiguous run with no number twice.',
    '- Service CPU per document (goal 1\'s confirmed run and goal 3): the service\'s `process_thread_cpu_seconds_total` (`/metrics`; each thread\'s user + system time from /proc, in 10 ms ticks) read before the warm-up and again once every document was final, the difference divided by the documents the read model holds; ' +
      'main is the HTTP thread, workers the projections and process managers, wal-checkpoint the thread that copies the SQLite write-ahead logs (with HTTP_PROCESSES, http-N is each HTTP process\'s thread and supervisor the main thread of the process that runs the workers); other threads the rest of the processes\' CPU (`process_cpu_seconds_total` less the named threads: V8\'s garbage-collection and compiler helpers, libuv\'s pool). Of each JavaScript thread\'s figure, the part its garbage collector paused it (`process_thread_gc_seconds_total`, every kind of pause; the collector\'s helper threads are in other threads). Beside it, the CPU per document the machine\'s cores allow at the goal\'s rate (its ratio of the baseline): all of the machine\'s, of which the load client takes its share too.',
  ];
  if (!(baseline instanceof Error)) {
    lines.push(`- Baseline: \`bench/baseline-server.ts\` (bare express 5 + express.json(), answers 202) as a child process, the same closed loop as issuance (${baseline.connections} connections, ${baseline.durationSeconds} s measured), same body and header sizes; run ${baseline.runs.length > 1 ? `${baseline.runs.length} times, at the start of the benchmark, after the end-to-end search and at its end, and every ratio divides by the highest run's requests/s (a slow moment of the host cannot make a goal pass)` : 'once, and every ratio divides by its requests/s'}.`);
  }
  if (!(e2e instanceof Error)) {
    lines.push(
      `- Goal 1: open-loop runs of the sample invoice, each against a fresh service, after a ${process.env.BENCH_E2E_WARMUP_SECONDS ?? 2} s warm-up at half the rate. A rate passes when every request of the measured window is answered 202 and sent on time, every accepted document is validated within ${int(VALIDATED_WITHIN_MS)} ms of its POST, and no worker's lag grows. ` +
        `"Grows": \`/health/ready\` is sampled every second; over a run of duration D, a worker's lag grows when its median lag in the last quarter (≥ 3D/4) is above its median in the first quarter (0 to D/4: the samples of the warm-up before it do not count) by more than max(${LAG_RULE.marginEvents} events, ${100 * LAG_RULE.marginShare} % of that first-quarter median) (medians: a sample includes the work in flight at that instant, and one sample catching a batch made the highest of a quarter jump); ` +
        `and after the load every worker must be back to at most ${LAG_RULE.drainedEvents} events within ${LAG_RULE.drainSeconds} s. Health counts lag up to 1,000 events ("+" marks a capped count). A worker in state failed fails the run. ` +
        `The search: ${e2e.probeSeconds} s probes doubling from BENCH_E2E_START_RATE (100) while they pass, then bisecting between the highest pass and the lowest failure to ${100 * e2e.resolution} %; then one ${e2e.confirmSeconds} s run at the highest pass; if it fails, 20 % lower and again, and once one passes after a failure, halfway back toward the lowest failure while the two are more than ${100 * e2e.resolution} % apart (at most 5 runs in all); then a shorter run at the confirmed rate under \`--cpu-prof\` (apart, since the profiler costs the service some CPU) for the profiles. At the benchmark's end, once the last baseline has fixed goal 1's rate (${GOALS.e2eRatio}× the highest baseline, rounded up), when that rate lies untried between the confirmed rate and the lowest failed confirmation, one more ${e2e.confirmSeconds} s run at it decides the verdict (a pass makes it the confirmed rate). ` +
        `Search and confirmation took ${e2e.seconds.toFixed(0)} s.`,
    );
    for (const probe of e2e.probes.filter((p) => !p.pass)) lines.push(`  - probe ${probe.rate}/s failed: ${probe.reason}`);
  }
  if (!(latency instanceof Error)) {
    lines.push(
      `- Goal 2: one document at a time — on a fresh service, first a warm-up as goal 3's (closed loop, 10 connections, BENCH_LATENCY_WARMUP_SECONDS, ${latency.sequential.warmUpDocuments.toLocaleString('en-US')} documents, thrown away) until every document it made is final; then the load client POSTs, waits the sandbox delay, polls the document's GET every BENCH_LATENCY_POLL_MS (2) ms until it is final, then POSTs the next (${latency.sequential.documents} documents; the percentiles are over these, the correctness check over all). ` +
        `Then an open-loop run at half goal 1's confirmed rate (BENCH_LATENCY_SECONDS, 30 s) on a fresh service; its percentiles are over the documents of the measured window.`,
    );
  }
  if (!(issuance instanceof Error)) {
    const lag = issuance.lagAfterRun.map((s) => `${s.name} ${int(s.lag)}${s.capped ? '+' : ''} (${s.state})`).join(', ') || 'unknown';
    lines.push(
      `- Goal 3: closed loop, ${issuance.connections} connections, pipelining 1, warm-up then ${issuance.durationSeconds} s measured; ${int(issuance.totalRequests)} requests measured; status codes ${JSON.stringify(issuance.statusCodes)}. ` +
        `Then the same run on a fresh service with ${settingsText(TWO_HTTP_PROCESSES)} (two HTTP processes on the port, the workers at the lowest priority), whose rows name those settings.`,
      `- Worker lag (events behind the head) right after the issuance run: ${lag}.`,
      ...issuance.lagAfterRun
        .filter((worker) => worker.state === 'failed')
        .map((worker) => `- **Worker \`${worker.name}\` had failed** (\`${(worker.error ?? 'no error reported').replace(/[`\n]/g, ' ')}\`): it stopped doing its share, so the issuance numbers above overstate what the service sustains.`),
      '- Projection lag under load: `/health/ready` sampled every 250 ms during the issuance run (warm-up and measured window); positions between the documents checkpoint and the head.',
    );
  }
  return lines;
}
