import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAG_COUNT_LIMIT } from '../application/health/subscription-health.ts';
import { postLoad, type HttpLoadResult } from './http-load.ts';
import { freePort, makeTempDir, removeTempDir, spawnTsx, waitUntil } from './resources.ts';

interface SubscriptionLag {
  name: string;
  state: string;
  lag: number;
  error: string | null;
}

export interface IssuanceResult extends HttpLoadResult {
  sandboxDelayMs: number;
  /**
   * How far each worker was behind the log right after the measured run. A worker in state 'failed' stopped doing
   * its share of the work, which makes the throughput look better than it is: the report flags it.
   */
  lagAfterRun: SubscriptionLag[];
  /** The documents projection's lag (log positions) sampled every 250 ms while the load ran. */
  documentsLagDuringLoad: { samples: number; p50: number; max: number; capped: boolean };
}

/**
 * The real service as a child process (`node --import tsx api/main.ts`) on SQLite in a temp DATA_DIR, with its
 * workers (projection and process managers) running and the sandbox's default 50 ms delay. The API key is the demo key
 * the service writes to DATA_DIR/demo-key.json on its first start.
 * BENCH_PROFILE_DIR=<dir> makes the service write a V8 CPU profile there when it stops.
 */
export async function runIssuance(): Promise<IssuanceResult> {
  const dataDir = makeTempDir('issuance');
  const port = await freePort();
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const sandboxDelayMs = 50;
  const service = spawnTsx(
    'api/main.ts',
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SANDBOX_DELAY_MS: String(sandboxDelayMs) },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const keyFile = join(dataDir, 'demo-key.json');
    await waitUntil(service, 'service', async () => existsSync(keyFile) && (await fetch(`${baseUrl}/health`)).ok);
    const { key } = JSON.parse(readFileSync(keyFile, 'utf8')) as { key: string };

    const samples: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const documents = (await readLag(baseUrl)).find((s) => s.name === 'documents');
        if (documents) samples.push(documents.lag);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const load = await postLoad(baseUrl, { authorization: `Bearer ${key}` }, 'issuance');
    sampling = false;
    await sampler;
    const lagAfterRun = await readLag(baseUrl);
    const sorted = [...samples].sort((a, b) => a - b);
    const documentsLagDuringLoad = {
      samples: sorted.length,
      p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
      max: sorted[sorted.length - 1] ?? 0,
      // Health counts lag up to LAG_COUNT_LIMIT events: at the limit the lag was at least that.
      capped: (sorted[sorted.length - 1] ?? 0) >= LAG_COUNT_LIMIT,
    };
    return { ...load, sandboxDelayMs, lagAfterRun, documentsLagDuringLoad };
  } finally {
    await service.stop();
    removeTempDir(dataDir);
  }
}

async function readLag(baseUrl: string): Promise<SubscriptionLag[]> {
  try {
    const response = await fetch(`${baseUrl}/health/ready`);
    const body = (await response.json()) as { subscriptions?: Array<{ name: string; state: string; lag: string; error?: string | null }> };
    return (body.subscriptions ?? []).map((s) => ({ name: s.name, state: s.state, lag: Number(s.lag), error: s.error ?? null }));
  } catch {
    return [];
  }
}
