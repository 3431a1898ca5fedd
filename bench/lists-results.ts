import type { ListsResult, ListTiming } from './lists.ts';
import { cpu, type Row } from './results-format.ts';

/** Issue 17, goal 5: p99 of each list at most 10 ms. */
const TARGET_P99_MS = 10;

type Verdict = 'PASS' | 'FAIL' | '—';
const benchmark = 'Lists (1,000,000 documents in a tenant)';
const ms = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} ms`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 })} MiB`;

/** Rows of the results table: p50/p99 per list, the plans, the service's memory and the data's size. */
export function listsRows(result: ListsResult | Error) {
  if (result instanceof Error) {
    const value = result.name === 'Skipped' ? 'skipped' : `error: ${result.message.split('\n')[0]}`;
    return [{ benchmark, metric: 'list p99', value, target: '—', verdict: (result.name === 'Skipped' ? '—' : 'FAIL') as Verdict }];
  }
  const name = `Lists (${int(result.documents)} documents in a tenant)`;
  const rows: Row[] = result.timings.map((timing) => ({
    benchmark: name,
    metric: `${timing.kind}: p50 / p99`,
    value: `${ms(timing.p50Ms)} / ${ms(timing.p99Ms)}${timing.service ? `; the service's own: ${serviceView(timing.service, timing.requests)}` : ''}`,
    clientCpu: cpu(result.clientCpu),
    target: `p99 ≤ ${TARGET_P99_MS} ms`,
    verdict: (timing.p99Ms <= TARGET_P99_MS ? 'PASS' : 'FAIL') as Verdict,
  }));
  const unserved = result.plans.filter(({ plan }) => plan.index === null || plan.inMemorySort);
  rows.push({
    benchmark: name,
    metric: 'query plans (index walked, no sort in memory)',
    value: unserved.length === 0 ? `${result.plans.length} of ${result.plans.length} served by an index` : unserved.map(({ kind, operation, plan }) => `${kind} ${operation}: ${plan.detail}`).join('; '),
    target: 'every query',
    verdict: unserved.length === 0 ? 'PASS' : 'FAIL',
  });
  rows.push({ benchmark: name, metric: 'service RSS after the queries', value: mib(result.serviceRssBytes), target: '—', verdict: '—' });
  rows.push({ benchmark: name, metric: 'DATA_DIR size', value: mib(result.dataDirBytes), target: '—', verdict: '—' });
  return rows;
}

function serviceView(service: NonNullable<ListTiming['service']>, requests: number): string {
  const bound = service.p99BoundMs === null ? 'p99 over its last bucket' : `p99 ≤ ${ms(service.p99BoundMs)}`;
  return `${bound}, ${int(service.over5Ms)} over 5 ms and ${int(service.over10Ms)} over 10 ms of ${int(requests)}`;
}

export function listsSettings(result: ListsResult | Error): string[] {
  if (result instanceof Error) return [];
  const requests = result.timings[0]?.requests ?? 0;
  const plans = result.plans.map(({ kind, operation, plan }) => `${kind} ${operation}: ${plan.detail}`).join('; ');
  return [
    `- Lists: the demo tenant holds ${int(result.documents)} sales invoices and ${result.otherTenants} other tenants ${int(result.otherDocuments)} each ` +
      `(two years of issue dates; about 90% validated, the rest rejected, failed, voided, discarded or pending), written straight into ` +
      `DATA_DIR/read-models.sqlite through the SQLite adapter's own upsert statement, each row a copy of the row the documents projection ` +
      `writes for a validated sample invoice with its own id, number, status, dates, customer and change sequence ` +
      `(${result.seedSeconds.toFixed(0)} s; read models ${mib(result.readModelBytes)}, DATA_DIR ${mib(result.dataDirBytes)}). ` +
      `Then \`node --import tsx api/main.ts\` on that DATA_DIR answers, one request at a time with the demo key, ${requests} requests of each list ` +
      `after 30 untimed ones: the first page of /invoices/v1/sales-invoices (25 rows, total ${int(result.firstPageTotal)}); ` +
      `a status (80% validated) with a 30-day issue-date window anywhere in the two years; pages 95–105 of 25; an exact number; ` +
      `and consecutive seed-001 pages of /v1/invoices following next_cursor (its limit of 600 requests a minute per key lifted with INTEGRATIONS_RATE_LIMIT). Times are from request to the body's last byte (parsed after), in the load client's own process (not the benchmark process that seeded the rows), run with a 1 MiB young generation (--max-semi-space-size=1) so that its own collections stay short; its CPU is over all the lists' requests. ` +
      `The service's own view of the same requests is its http_request_duration_seconds histogram (from its first middleware to the answer's finish; buckets at 1, 2.5, 5, 10, 25 ms and up), read from /metrics before and after each list's measured requests: what the client's times add beyond it is the loopback network, the event loop before the request reached the app, and the client. The verdict is on the client's times. ` +
      `RSS is VmRSS of the service process after the queries. Plans: ${plans}. ` +
      'BENCH_LISTS_DOCUMENTS, BENCH_LISTS_OTHER and BENCH_LISTS_REQUESTS set the sizes.',
  ];
}
