import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../application/documents/document-row.ts';
import { ListDocuments } from '../application/documents/list-documents.ts';
import { ListInvoices } from '../application/invoice-management/list-invoices.ts';
import { VisibilityWatermarks } from '../application/invoice-management/visibility-watermarks.ts';
import type { Filter, Query, QueryPlan, ReadModelCollection } from '../application/ports/read-model-store.ts';
import { salesInvoiceFamily } from '../domain/documents/families/index.ts';
import { ensureDemoTenant } from '../infrastructure/bootstrap/demo-tenant.ts';
import { Container } from '../infrastructure/composition/container.ts';
import { openStores } from '../infrastructure/composition/open-stores.ts';
import { loadConfig } from '../infrastructure/config/config.ts';
import { createLogger } from '../infrastructure/logging/logger.ts';
import { SqliteReadModelStore } from '../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { seedDocuments, templateRow, type SeededTenant } from './lists-seed.ts';
import type { ClientCpu, GetKind } from './load-spec.ts';
import { runLoad } from './load-process.ts';
import { countOver, percentileBound } from './service-histogram.ts';
import { maxOf, percentile } from './stats.ts';
import { freePort, makeTempDir, removeTempDir, spawnTsx, waitUntil } from './resources.ts';

export const LIST_KINDS = ['first page', 'filtered page (status + issue dates)', 'page 100 deep', 'exact number', 'seed-001 keyset page'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export interface ListTiming {
  kind: ListKind;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The service's own durations of the same requests (its histogram's buckets), when it was scraped. */
  service?: { p99BoundMs: number | null; over5Ms: number; over10Ms: number };
}

export interface ListPlan {
  kind: ListKind;
  operation: 'find' | 'count';
  plan: QueryPlan;
}

export interface ListsResult {
  documents: number;
  otherTenants: number;
  otherDocuments: number;
  seedSeconds: number;
  dataDirBytes: number;
  readModelBytes: number;
  timings: ListTiming[];
  plans: ListPlan[];
  serviceRssBytes: number;
  /** The first page's `total`, which must be every listed document of the big tenant. */
  firstPageTotal: number;
  /** The load client's CPU over every kind's requests. */
  clientCpu: ClientCpu;
}

const DOCUMENTS = Number(process.env.BENCH_LISTS_DOCUMENTS ?? 1_000_000);
const OTHER = Number(process.env.BENCH_LISTS_OTHER ?? 100_000);
const OTHER_TENANTS = 9;
const REQUESTS = Number(process.env.BENCH_LISTS_REQUESTS ?? 1_000);
const WARM_UP = 30;

/**
 * Lists over a big read model: the demo tenant (whose key the service writes to DATA_DIR/demo-key.json) gets
 * BENCH_LISTS_DOCUMENTS sales invoices, nine other tenants BENCH_LISTS_OTHER each, seeded into the read-model file;
 * then the real service (`node --import tsx api/main.ts`) answers each kind of list over HTTP, one request at a time.
 */
export async function runLists(): Promise<ListsResult> {
  const dataDir = makeTempDir('lists');
  try {
    const demo = await demoTenant(dataDir);
    const template = await templateRow();
    const seedStart = performance.now();
    const tenants = [
      { tenantId: demo, environment: 'test', rows: DOCUMENTS, seed: 1 },
      ...Array.from({ length: OTHER_TENANTS }, (_, i) => ({ tenantId: randomUUID(), environment: i % 3 === 0 ? 'live' : 'test', rows: OTHER, seed: i + 2 })),
    ];
    const [big] = seedDocuments(join(dataDir, 'read-models.sqlite'), template, tenants);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const plans = await explainLists(join(dataDir, 'read-models.sqlite'), big);
    const sizes = { dataDirBytes: directoryBytes(dataDir), readModelBytes: statSync(join(dataDir, 'read-models.sqlite')).size };
    const measured = await measureOverHttp(dataDir, big);
    return { documents: DOCUMENTS, otherTenants: OTHER_TENANTS, otherDocuments: OTHER, seedSeconds, ...sizes, plans, ...measured };
  } finally {
    removeTempDir(dataDir);
  }
}

/** The demo company and key, made as the service's first start makes them; answers the demo tenant's id. */
async function demoTenant(dataDir: string): Promise<string> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const container = new Container(config, createLogger('silent'), await openStores(config));
  try {
    const demo = await ensureDemoTenant(container);
    if (!demo) throw new Error('the demo tenant was not created in a fresh DATA_DIR');
    return demo.tenant_id;
  } finally {
    await container.close();
  }
}

/** Filters of the filtered page: a status (mostly validated) and a 30-day window somewhere in the two years. */
function filteredQuery(big: SeededTenant, random: () => number): { status: 'validated' | 'rejected' | 'failed'; from: string; to: string } {
  const first = Date.parse(big.firstIssueDate);
  const last = Date.parse(big.lastIssueDate);
  const fromMs = first + Math.floor(random() * ((last - first) / 86_400_000 - 30)) * 86_400_000;
  const r = random();
  const status = r < 0.8 ? 'validated' : r < 0.9 ? 'rejected' : 'failed';
  return { status, from: new Date(fromMs).toISOString().slice(0, 10), to: new Date(fromMs + 29 * 86_400_000).toISOString().slice(0, 10) };
}

/** The queries the real use cases make for each kind of list, and the store's plan of each. */
async function explainLists(file: string, big: SeededTenant): Promise<ListPlan[]> {
  const store = new SqliteReadModelStore(file);
  try {
    const inner = store.collection(DOCUMENTS_COLLECTION);
    let seen: Array<{ operation: 'find' | 'count'; query: Query | Filter }> = [];
    const recording: ReadModelCollection<DocumentRow> = {
      ...inner,
      get: (key) => inner.get(key),
      upsert: (key, revision, row) => inner.upsert(key, revision, row),
      explain: (query) => inner.explain(query),
      clear: () => inner.clear(),
      find: (query) => (seen.push({ operation: 'find', query }), inner.find(query)),
      count: (filter) => (seen.push({ operation: 'count', query: filter }), inner.count(filter)),
    };
    const scope = { tenantId: big.tenantId, environment: big.environment };
    const documents = new ListDocuments(recording);
    const invoices = new ListInvoices(recording, new VisibilityWatermarks(store.collection({ name: 'document_visibility', indexes: [] })));
    const filtered = filteredQuery(big, Math.random);
    const runs: Array<[ListKind, () => Promise<unknown>]> = [
      ['first page', () => documents.execute(salesInvoiceFamily, { page: 1, perPage: 25 }, scope)],
      ['filtered page (status + issue dates)', () => documents.execute(salesInvoiceFamily, { status: filtered.status, issuedFrom: filtered.from, issuedTo: filtered.to, page: 1, perPage: 25 }, scope)],
      ['page 100 deep', () => documents.execute(salesInvoiceFamily, { page: 100, perPage: 25 }, scope)],
      ['exact number', () => documents.execute(salesInvoiceFamily, { number: big.sampleNumbers[0], page: 1, perPage: 25 }, scope)],
      ['seed-001 keyset page', () => invoices.execute({ limit: 25, after: '0'.padStart(20, '0') }, scope)],
    ];
    const plans: ListPlan[] = [];
    for (const [kind, run] of runs) {
      seen = [];
      await run();
      for (const { operation, query } of seen) plans.push({ kind, operation, plan: await inner.explain(query) });
    }
    return plans;
  } finally {
    await store.close();
  }
}

async function measureOverHttp(dataDir: string, big: SeededTenant): Promise<Pick<ListsResult, 'timings' | 'serviceRssBytes' | 'firstPageTotal' | 'clientCpu'>> {
  const port = await freePort();
  // The seed-001 face allows a key 600 requests a minute: lifted, since the keyset pages measure the list, not the limiter.
  const service = spawnTsx('api/main.ts', { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', INTEGRATIONS_RATE_LIMIT: '1000000000' });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const keyFile = join(dataDir, 'demo-key.json');
    await waitUntil(service, 'service', async () => existsSync(keyFile) && (await fetch(`${baseUrl}/health/ready`)).ok, 120_000);
    const { key } = JSON.parse(readFileSync(keyFile, 'utf8')) as { key: string };
    const headers = { authorization: `Bearer ${key}` };
    const first = (await (await fetch(`${baseUrl}/invoices/v1/sales-invoices`, { headers })).json()) as { pagination: { total: number } };
    const paths = (path: () => string) => Array.from({ length: WARM_UP + REQUESTS }, path);
    const filtered = () => {
      const { status, from, to } = filteredQuery(big, Math.random);
      return `/invoices/v1/sales-invoices?status=${status}&issued_from=${from}&issued_to=${to}`;
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)];
    const kinds: GetKind[] = [
      { kind: 'first page', warmUp: WARM_UP, paths: paths(() => '/invoices/v1/sales-invoices?per_page=25') },
      { kind: 'filtered page (status + issue dates)', warmUp: WARM_UP, paths: paths(filtered) },
      { kind: 'page 100 deep', warmUp: WARM_UP, paths: paths(() => `/invoices/v1/sales-invoices?page=${95 + Math.floor(Math.random() * 11)}&per_page=25`) },
      { kind: 'exact number', warmUp: WARM_UP, paths: paths(() => `/invoices/v1/sales-invoices?number=${pick(big.sampleNumbers)}`), expectTotal: 1 },
      { kind: 'seed-001 keyset page', warmUp: WARM_UP, requests: REQUESTS, follow: '/v1/invoices?limit=25' },
    ];
    // From the load client's own process, as every other load: the benchmark process (which seeded the rows) is not the client.
    const measured = await runLoad({ mode: 'gets', baseUrl, headers, kinds, metricsPath: '/metrics' });
    const timings: ListTiming[] = measured.kinds.map(({ kind, times, serviceBuckets }) => ({
      kind: kind as ListKind,
      requests: times.length,
      p50Ms: percentile(times, 50),
      p99Ms: percentile(times, 99),
      maxMs: maxOf(times),
      service: serviceBuckets && {
        p99BoundMs: percentileBound(serviceBuckets, 99),
        over5Ms: countOver(serviceBuckets, 5),
        over10Ms: countOver(serviceBuckets, 10),
      },
    }));
    const serviceRssBytes = rssOf(service.process.pid!);
    return { timings, serviceRssBytes, firstPageTotal: Number(first.pagination.total), clientCpu: measured.clientCpu };
  } finally {
    await service.stop();
  }
}

function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

function directoryBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? directoryBytes(join(dir, entry.name)) : statSync(join(dir, entry.name)).size),
    0,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { listsRows, listsSettings } = await import('./lists-results.ts');
  const result = await runLists().catch((error: Error) => error);
  console.table(listsRows(result));
  console.log(listsSettings(result).join('\n'));
  if (result instanceof Error) console.error(result);
}
