import autocannon from 'autocannon';
import { measureCpu } from './client-cpu.ts';
import type { ClosedLoopResult, ClosedLoopSpec } from './load-spec.ts';

/**
 * autocannon in the load client's process: a warm-up run that is thrown away, then the measured run. Every request
 * carries its own Idempotency-Key (a counter shared by both runs, set in `setupRequest`), so each one creates a new
 * document instead of replaying the first.
 */
export async function closedLoop(spec: ClosedLoopSpec): Promise<ClosedLoopResult> {
  let counter = 0;
  const options = (duration: number): autocannon.Options => ({
    url: spec.url,
    connections: spec.connections,
    duration,
    timeout: 10,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...spec.headers },
    body: spec.body,
    requests: [
      {
        setupRequest: (request) => {
          counter += 1;
          request.headers = { ...request.headers, 'idempotency-key': `${spec.label}-${counter.toString().padStart(8, '0')}` };
          return request;
        },
      },
    ],
  });

  const warmup = spec.warmupSeconds > 0 ? await autocannon(options(spec.warmupSeconds)) : undefined;
  const cpu = measureCpu();
  const result = await autocannon(options(spec.durationSeconds));
  const clientCpu = cpu();
  return {
    connections: spec.connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])),
    accepted: (warmup?.['2xx'] ?? 0) + result['2xx'],
    clientCpu,
  };
}
