import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, makeTempDir, removeTempDir, spawnTsx, waitUntil, type Child } from './resources.ts';

/** The sandbox delay every service run of the benchmark uses (SANDBOX_DELAY_MS). */
export const SANDBOX_DELAY_MS = 50;

export interface SubscriptionLag {
  name: string;
  state: string;
  lag: number;
  /** Health counts lag up to LAG_COUNT_LIMIT events: true when it was at least that. */
  capped: boolean;
  error: string | null;
}

export interface Service {
  child: Child;
  baseUrl: string;
  dataDir: string;
  /** The demo key the service wrote to DATA_DIR/demo-key.json on its first start. */
  key: string;
  /** Stops the service (SIGTERM; profiles, if asked for, are written then) and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * The real service as a child process (`node --import tsx api/main.ts`) on SQLite in a temp DATA_DIR, with its
 * workers running, LOG_LEVEL=warn and the sandbox's delay (`env` adds to them). `profileDir` adds `--cpu-prof` into that folder (one
 * profile per thread, written when the service stops).
 */
export async function startService(label: string, options: { profileDir?: string; env?: Record<string, string> } = {}): Promise<Service> {
  const dataDir = makeTempDir(label);
  const port = await freePort();
  const child = spawnTsx(
    'api/main.ts',
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SANDBOX_DELAY_MS: String(SANDBOX_DELAY_MS), ...options.env },
    options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [],
  );
  const stop = async () => {
    await child.stop();
    removeTempDir(dataDir);
  };
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const keyFile = join(dataDir, 'demo-key.json');
    await waitUntil(child, 'service', async () => existsSync(keyFile) && (await fetch(`${baseUrl}/health`)).ok);
    const { key } = JSON.parse(readFileSync(keyFile, 'utf8')) as { key: string };
    return { child, baseUrl, dataDir, key, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Every worker's state and lag as `/health/ready` shows them; empty when the service does not answer. */
export async function readLag(baseUrl: string): Promise<SubscriptionLag[]> {
  try {
    const response = await fetch(`${baseUrl}/health/ready`);
    const body = (await response.json()) as {
      subscriptions?: Array<{ name: string; state: string; lag: string; lagCapped?: boolean; error?: string | null }>;
    };
    return (body.subscriptions ?? []).map((s) => ({ name: s.name, state: s.state, lag: Number(s.lag), capped: s.lagCapped === true, error: s.error ?? null }));
  } catch {
    return [];
  }
}
