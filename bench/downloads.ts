import { performance } from 'node:perf_hooks';
import { loadConfig } from '../infrastructure/config/config.ts';
import { postLoad, type HttpLoadResult } from './http-load.ts';
import { ISSUE_PATH } from './load-process.ts';
import { invoiceWithLines } from './render.ts';
import { startService, type Service } from './service-process.ts';
import { waitUntil } from './resources.ts';
import { percentile } from './stats.ts';

/** Lines of the invoice whose ZIP is downloaded: a large document, whose render and signature take a large part of a second. */
const LINES = 300;

export interface DownloadsRun {
  /** RENDER_THREADS of the service: 0 renders on the HTTP thread. */
  renderThreads: number;
  /** Closed-loop issuance alone, then with one client downloading the ZIP back to back. */
  alone: HttpLoadResult;
  beside: HttpLoadResult;
  downloads: { count: number; p50Ms: number; p99Ms: number };
}

export interface DownloadsResult {
  lines: number;
  zipBytes: number;
  runs: DownloadsRun[];
}

/**
 * Issuance while files are downloaded: the service's closed-loop issuance alone, then with one client downloading the
 * signed ZIP of a validated 300-line invoice back to back (from the benchmark process), once rendering on the HTTP
 * thread (RENDER_THREADS=0) and once in the render threads (the default).
 */
export async function runDownloads(): Promise<DownloadsResult> {
  const runs: DownloadsRun[] = [];
  let zipBytes = 0;
  for (const renderThreads of [0, loadConfig({}).renderThreads]) {
    const service = await startService(`downloads-${renderThreads}`, { env: { RENDER_THREADS: String(renderThreads) } });
    try {
      const zipUrl = `${service.baseUrl}${ISSUE_PATH}/${await validatedInvoice(service)}/zip`;
      const headers = { authorization: `Bearer ${service.key}` };
      zipBytes = (await download(zipUrl, headers)).bytes;
      const alone = await postLoad(service.baseUrl, headers, `downloads-${renderThreads}-alone`);
      const times: number[] = [];
      let downloading = true;
      const downloader = (async () => {
        while (downloading) times.push((await download(zipUrl, headers)).ms);
      })();
      let beside: HttpLoadResult;
      try {
        beside = await postLoad(service.baseUrl, headers, `downloads-${renderThreads}-beside`);
      } finally {
        downloading = false;
        await downloader;
      }
      runs.push({ renderThreads, alone, beside, downloads: { count: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) } });
    } finally {
      await service.stop();
    }
  }
  return { lines: LINES, zipBytes, runs };
}

async function download(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return { ms: performance.now() - start, bytes };
}

/** Posts the 300-line invoice and waits until the sandbox validated it; answers its id. */
async function validatedInvoice(service: Service): Promise<string> {
  const headers = { authorization: `Bearer ${service.key}`, 'content-type': 'application/json', 'idempotency-key': `downloads-${Date.now()}` };
  const created = await fetch(`${service.baseUrl}${ISSUE_PATH}`, { method: 'POST', headers, body: JSON.stringify(invoiceWithLines(LINES)) });
  if (created.status !== 202) throw new Error(`POST of a ${LINES}-line invoice answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const status = async () => ((await (await fetch(`${service.baseUrl}${ISSUE_PATH}/${id}`, { headers })).json()) as { status: string }).status;
  await waitUntil(service.child, `the ${LINES}-line invoice validated`, async () => (await status()) === 'validated');
  return id;
}
