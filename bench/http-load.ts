import autocannon from 'autocannon';
import { sampleInvoice } from '../test/support/sample-invoice.ts';

const ISSUE_PATH = '/invoices/v1/sales-invoices';

/**
 * Same load shape for the service and the baseline, so the two numbers compare. 10 connections: on the 2-core
 * machine the benchmark was written on, issuance throughput is flat from 8 to 48 connections (the service's one
 * thread is saturated), so more connections only add queueing latency.
 */
const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
  durationSeconds: Number(process.env.BENCH_DURATION_SECONDS ?? 10),
};

const SAMPLE_BODY = JSON.stringify(sampleInvoice());

export interface HttpLoadResult {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  totalRequests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/**
 * POSTs the sample invoice with autocannon: a warm-up run that is thrown away, then the measured run. Every request
 * carries its own Idempotency-Key (a counter shared by both runs, set in `setupRequest`), so each one creates a
 * new document instead of replaying the first.
 */
export async function postLoad(baseUrl: string, headers: Record<string, string>, label: string): Promise<HttpLoadResult> {
  let counter = 0;
  const runTag = `${label}-${Date.now().toString(36)}`;
  const options = (duration: number): autocannon.Options => ({
    url: `${baseUrl}${ISSUE_PATH}`,
    connections: LOAD.connections,
    duration,
    timeout: 10,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: SAMPLE_BODY,
    requests: [
      {
        setupRequest: (request) => {
          counter += 1;
          request.headers = { ...request.headers, 'idempotency-key': `${runTag}-${counter.toString().padStart(8, '0')}` };
          return request;
        },
      },
    ],
  });

  if (LOAD.warmupSeconds > 0) await autocannon(options(LOAD.warmupSeconds));
  const result = await autocannon(options(LOAD.durationSeconds));
  return {
    connections: LOAD.connections,
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
  };
}
