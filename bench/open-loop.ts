import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
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

/**
 * Starts requests on a fixed schedule (request n of a phase at n / rate seconds) whatever the answers, over
 * keep-alive sockets (at most `maxConnections`). A request's lateness is the time from its scheduled start to the
 * moment it got a socket: a busy client or too few sockets show up there, not as a slower service.
 */
export async function openLoop(spec: OpenLoopSpec): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: spec.maxConnections });
  const url = new URL(spec.url);
  const body = Buffer.from(spec.body);
  const sent: Sent[] = [];
  const pending = new Set<Promise<void>>();
  let counter = 0;

  const send = (scheduledAt: number, measured: boolean) => {
    counter += 1;
    const record: Sent = { measured, lateMs: 0, status: undefined, latencyMs: 0, id: undefined };
    sent.push(record);
    const done = new Promise<void>((resolve) => {
      let startedAt = performance.now();
      const req = request(url, {
        method: 'POST',
        agent,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'idempotency-key': `${spec.label}-${counter.toString().padStart(8, '0')}`,
          ...spec.headers,
        },
      });
      req.once('socket', () => {
        startedAt = performance.now();
        record.lateMs = Math.max(0, startedAt - scheduledAt);
      });
      req.once('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('end', () => {
          record.status = res.statusCode;
          record.latencyMs = performance.now() - startedAt;
          if (res.statusCode === 202) record.id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: string }).id;
          resolve();
        });
        res.once('error', () => resolve());
      });
      req.once('timeout', () => req.destroy(new Error('timeout')));
      req.once('error', () => resolve());
      req.end(body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  await schedule(spec.warmupRate, spec.warmupSeconds, (at) => send(at, false));
  const cpu = measureCpu();
  const measuredStartEpochMs = Date.now();
  await schedule(spec.rate, spec.durationSeconds, (at) => send(at, true));
  const measuredEndEpochMs = Date.now();
  while (pending.size > 0) await Promise.all([...pending]);
  const clientCpu = cpu();
  agent.destroy();

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
