import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readAllOfTypes } from '../application/event-sourcing/read-all-of-types.ts';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { freePort, makeTempDir, removeTempDir, spawnTsx, waitUntil, type Child } from './resources.ts';
import { sampleInvoice } from '../test/support/sample-invoice.ts';

interface ProcessShare {
  instance: string;
  /** POSTs this process answered 202. */
  accepted: number;
  /** Documents whose submission this process claimed and made (its workers). */
  submitted: number;
}

export interface ClusterRun {
  processes: number;
  documents: number;
  /** From the first POST to the last document validated. */
  seconds: number;
  validatedPerSecond: number;
  perProcess: ProcessShare[];
}

export interface ClusterResult {
  sandboxDelayMs: number;
  concurrency: number;
  single: ClusterRun;
  three: ClusterRun;
}

const BASE = '/invoices/v1/sales-invoices';

/**
 * The same issuance, end to end (POST until every document is validated), by one service process and by three
 * sharing one DATA_DIR, with the built-in sandbox. The three-process run waits until the work is spread (every
 * process holds some of the projections, process managers and schedulers) before it starts.
 */
export async function runCluster(): Promise<ClusterResult> {
  const documents = Number(process.env.BENCH_CLUSTER_DOCUMENTS ?? 3_000);
  const concurrency = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 24);
  const sandboxDelayMs = 50;
  const single = await run(1, documents, concurrency, sandboxDelayMs);
  const three = await run(3, documents, concurrency, sandboxDelayMs);
  return { sandboxDelayMs, concurrency, single, three };
}

interface Service {
  child: Child;
  baseUrl: string;
  instance: string;
}

async function start(dataDir: string, sandboxDelayMs: number): Promise<Service> {
  const port = await freePort();
  const child = spawnTsx('api/main.ts', { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', SANDBOX_DELAY_MS: String(sandboxDelayMs) });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntil(child, 'service', async () => (await fetch(`${baseUrl}/health`)).ok);
  const instance = /"instance":"([^"]+)"/.exec(child.output())?.[1] ?? `process on ${port}`;
  return { child, baseUrl, instance };
}

async function run(count: number, documents: number, concurrency: number, sandboxDelayMs: number): Promise<ClusterRun> {
  const dataDir = makeTempDir(`cluster-${count}`);
  const services: Service[] = [];
  try {
    services.push(await start(dataDir, sandboxDelayMs));
    const keyFile = join(dataDir, 'demo-key.json');
    await waitUntil(services[0].child, 'demo key', async () => existsSync(keyFile));
    const { key } = JSON.parse(readFileSync(keyFile, 'utf8')) as { key: string };
    for (let n = 1; n < count; n += 1) services.push(await start(dataDir, sandboxDelayMs));
    await waitUntil(services[0].child, 'the work to be spread', async () => (await holders(services)).size === count);

    const accepted = services.map(() => 0);
    let next = 0;
    const begin = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let n = next++; n < documents; n = next++) {
          const at = n % services.length;
          const answer = await fetch(`${services[at].baseUrl}${BASE}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `cluster-${count}-${n}` },
            body: JSON.stringify(sampleInvoice()),
          });
          await answer.arrayBuffer();
          if (answer.status !== 202) throw new Error(`POST answered ${answer.status}`);
          accepted[at] += 1;
        }
      }),
    );
    await waitUntil(services[0].child, 'every document validated', async () => (await validated(services[0].baseUrl, key)) === documents, 600_000);
    const seconds = (performance.now() - begin) / 1000;

    await Promise.all(services.map((service) => service.child.stop()));
    const submitted = await submissionsByInstance(dataDir);
    return {
      processes: count,
      documents,
      seconds,
      validatedPerSecond: documents / seconds,
      perProcess: services.map((service, index) => ({ instance: service.instance, accepted: accepted[index], submitted: submitted.get(service.instance) ?? 0 })),
    };
  } finally {
    await Promise.all(services.map((service) => service.child.stop()));
    removeTempDir(dataDir);
  }
}

/** The processes that run some work, as their /health/ready say. */
async function holders(services: Service[]): Promise<Set<number>> {
  const running = new Set<number>();
  for (const [index, service] of services.entries()) {
    const body = (await (await fetch(`${service.baseUrl}/health/ready`)).json()) as { subscriptions?: Array<{ state: string }> };
    if ((body.subscriptions ?? []).some((work) => work.state === 'running' || work.state === 'catching_up')) running.add(index);
  }
  return running;
}

async function validated(baseUrl: string, key: string): Promise<number> {
  const answer = await fetch(`${baseUrl}${BASE}?status=validated&per_page=1`, { headers: { authorization: `Bearer ${key}` } });
  return ((await answer.json()) as { pagination: { total: number } }).pagination.total;
}

/** Which instance claimed each first attempt: the metadata of DocumentSubmissionStarted. */
async function submissionsByInstance(dataDir: string): Promise<Map<string, number>> {
  const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  try {
    const counts = new Map<string, number>();
    for (const started of await readAllOfTypes(store, { eventTypes: ['DocumentSubmissionStarted'] })) {
      const instance = String(started.metadata.instance);
      counts.set(instance, (counts.get(instance) ?? 0) + 1);
    }
    return counts;
  } finally {
    await store.close();
  }
}
