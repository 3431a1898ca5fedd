import { performance } from 'node:perf_hooks';
import { Pool, type Dispatcher } from 'undici';
import { measureCpu } from './client-cpu.ts';
import type { OpenLoopResult, OpenLoopSpec } from './load-spec.ts';
import { maxOf, percentile } from './stats.ts';

interface Sent {
  measured: boolean;
  lateMs: number;
  status: number | undefined;
  latencyMs: number;
  id: string | undefined;
}

const TIMEOUT_MS = 30_000;

/**
 * Starts requests on a fixed schedule (request n of a phase at n / rate seconds) whatever the answers, over
 * keep-alive connections (at most `maxConnections`). A request's lateness is the time from its scheduled start to the
 * moment a connection began to write it: a busy client or too few connections show up there, not as a slower service.
 *
 * undici's dispatcher, not node:http: at 1,000 requests/s against the bare express handler it used about a fifth
 * less of the client's core (0.17–0.21 ms a request against 0.22–0.26), and the client shares the service's cores.
 */
export async function openLoop(spec: OpenLoopSpec): Promise<OpenLoopResult> {
  const url = new URL(spec.url);
  const pool = new Pool(url.origin, { connections: spec.maxConnections, pipelining: 1 });
  const body = Buffer.from(spec.body);
  const sent: Sent[] = [];
  let inFlight = 0;
  let allAnswered: (() => void) | undefined;
  let counter = 0;

  const send = (scheduledAt: number, measured: boolean) => {
    counter += 1;
    const record: Sent = { measured, lateMs: 0, status: undefined, latencyMs: 0, id: undefined };
    sent.push(record);
    inFlight += 1;
    let startedAt = performance.now();
    const chunks: Buffer[] = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      inFlight -= 1;
      if (inFlight === 0) allAnswered?.();
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: () => {
        startedAt = performance.now();
        record.lateMs = Math.max(0, startedAt - scheduledAt);
      },
      onResponseStart: (_controller, statusCode) => {
        record.status = statusCode;
      },
      onResponseData: (_controller, chunk) => {
        chunks.push(chunk);
      },
      onResponseEnd: () => {
        record.latencyMs = performance.now() - startedAt;
        if (record.status === 202) record.id = idOf(Buffer.concat(chunks).toString('utf8'));
        finish();
      },
      onResponseError: () => {
        // No answer (refused, reset, timed out): counted as an error, whatever status had begun to arrive.
        record.status = undefined;
        finish();
      },
    };
    pool.dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        body,
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `${spec.label}-${counter.toString().padStart(8, '0')}`,
          ...spec.headers,
        },
      },
      handler,
    );
  };

  await schedule(spec.warmupRate, spec.warmupSeconds, (at) => send(at, false));
  const cpu = measureCpu();
  const measuredStartEpochMs = Date.now();
  await schedule(spec.rate, spec.durationSeconds, (at) => send(at, true));
  const measuredEndEpochMs = Date.now();
  if (inFlight > 0) await new Promise<void>((resolve) => (allAnswered = resolve));
  const clientCpu = cpu();
  await pool.destroy();

  const measured = sent.filter((s) => s.measured);
  const statusCodes: Record<string, number> = {};
  for (const s of measured) if (s.status !== undefined) statusCodes[s.status] = (statusCodes[s.status] ?? 0) + 1;
  const latencies = measured.filter((s) => s.status !== undefined).map((s) => s.latencyMs);
  return {
    rate: spec.rate,
    durationSeconds: spec.durationSeconds,
    sent: measured.length,
    answered: latencies.length,
    errors: measured.length - latencies.length,
    statusCodes,
    late: measured.filter((s) => s.lateMs > spec.lateMs).length,
    maxLateMs: maxOf(measured.map((s) => s.lateMs)),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    acceptedIds: measured.flatMap((s) => (s.id ? [s.id] : [])),
    warmupAcceptedIds: sent.filter((s) => !s.measured && s.id).map((s) => s.id!),
    measuredStartEpochMs,
    measuredEndEpochMs,
    clientCpu,
  };
}

/** The `id` of a 202's JSON body; undefined when the body is not that (the run's checks then find it missing). */
function idOf(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Calls `start(scheduledAt)` for request n at n / rate seconds after now, catching up at once when a timer fires late. */
async function schedule(rate: number, seconds: number, start: (scheduledAt: number) => void): Promise<void> {
  const total = Math.floor(rate * seconds);
  if (total <= 0) return;
  const begin = performance.now();
  const intervalMs = 1000 / rate;
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && begin + next * intervalMs <= now) {
      start(begin + next * intervalMs);
      next += 1;
    }
    if (next < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, begin + next * intervalMs - performance.now())));
  }
}
