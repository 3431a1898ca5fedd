import { ISSUE_PATH, runLoad, runTag, SAMPLE_BODY } from './load-process.ts';
import type { ClientCpu } from './load-spec.ts';
import { runOpen, type OpenRun } from './open-run.ts';
import { validationMs, waitForFinal, type Correctness } from './service-records.ts';
import { SANDBOX_DELAY_MS, startService } from './service-process.ts';
import { maxOf, percentile } from './stats.ts';

export interface SequentialLatency {
  documents: number;
  /** Accepted in the warm-up before them (not timed). */
  warmUpDocuments: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  notFinal: number;
  clientCpu: ClientCpu;
  correctness: Correctness;
}

export interface LatencyResult {
  sandboxDelayMs: number;
  sequential: SequentialLatency;
  /** The open-loop run at half the sustained rate; undefined when goal 1 found no rate. */
  halfRate: OpenRun | undefined;
}

/**
 * Goal 2. One document at a time (BENCH_LATENCY_DOCUMENTS, 200), after a warm-up: the load client POSTs, polls the
 * document's GET until it is final, then POSTs the next; POST → validated is validated_at − created_at of each record.
 * Then, when goal 1 found a sustained rate, an open-loop run at half of it for BENCH_LATENCY_SECONDS (30).
 */
export async function runLatency(sustainedRate: number | undefined): Promise<LatencyResult> {
  const sequential = await runSequential(Number(process.env.BENCH_LATENCY_DOCUMENTS ?? 200));
  const halfRate =
    sustainedRate === undefined
      ? undefined
      : await runOpen(Math.max(1, Math.round(sustainedRate / 2)), Number(process.env.BENCH_LATENCY_SECONDS ?? 30), { label: 'latency-half' });
  return { sandboxDelayMs: SANDBOX_DELAY_MS, sequential, halfRate };
}

/** Closed loop as goal 3's, thrown away; every document it made is final before the measured documents start. */
const WARM_UP = { connections: 10, seconds: Number(process.env.BENCH_LATENCY_WARMUP_SECONDS ?? 3) };

async function runSequential(count: number): Promise<SequentialLatency> {
  const service = await startService('latency');
  try {
    // Like the other runs, measured on a service whose code is compiled: a fresh one numbered its first few hundred
    // documents 2 to 3 ms slower, one at a time.
    const target = { url: `${service.baseUrl}${ISSUE_PATH}`, headers: { authorization: `Bearer ${service.key}` }, body: SAMPLE_BODY };
    const warmUp = await runLoad({
      mode: 'closed',
      ...target,
      label: runTag('latency-warm-up'),
      connections: WARM_UP.connections,
      warmupSeconds: 0,
      durationSeconds: WARM_UP.seconds,
    });
    const unanswered = 2 * WARM_UP.connections;
    await waitForFinal(service.dataDir, warmUp.accepted, { unanswered });
    const load = await runLoad({
      mode: 'sequential',
      ...target,
      label: runTag('latency'),
      count,
      firstPollAfterMs: SANDBOX_DELAY_MS,
      pollMs: Number(process.env.BENCH_LATENCY_POLL_MS ?? 2),
      timeoutMs: 10_000,
    });
    const { records, correctness } = await waitForFinal(service.dataDir, warmUp.accepted + load.acceptedIds.length, { unanswered });
    const measured = new Set(load.acceptedIds);
    const times = records
      .filter((record) => measured.has(record.id))
      .map(validationMs)
      .filter((ms): ms is number => ms !== undefined);
    return {
      documents: load.acceptedIds.length,
      warmUpDocuments: warmUp.accepted,
      p50Ms: percentile(times, 50),
      p99Ms: percentile(times, 99),
      maxMs: maxOf(times),
      notFinal: load.notFinal,
      clientCpu: load.clientCpu,
      correctness,
    };
  } finally {
    await service.stop();
  }
}
