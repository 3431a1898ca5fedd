import { postLoad, type HttpLoadResult } from './http-load.ts';
import { waitForFinal, type Correctness } from './service-records.ts';
import { readLag, SANDBOX_DELAY_MS, startService, type SubscriptionLag } from './service-process.ts';
import { maxOf, percentile } from './stats.ts';
import { cpuPerDocument, readThreadCpu, type ThreadCpuPerDocument } from './thread-cpu.ts';

export interface IssuanceResult extends HttpLoadResult {
  sandboxDelayMs: number;
  /**
   * How far each worker was behind the log right after the measured run. A worker in state 'failed' stopped doing
   * its share of the work, which makes the throughput look better than it is: the report flags it.
   */
  lagAfterRun: SubscriptionLag[];
  /** The documents projection's lag (log positions) sampled every 250 ms while the load ran. */
  documentsLagDuringLoad: { samples: number; p50: number; max: number; capped: boolean };
  /** After the run: every accepted document final, numbers gap-free. */
  correctness: Correctness;
  /** The service's CPU per document recorded, by thread, from before the warm-up until every document was final. */
  threadCpu: ThreadCpuPerDocument | undefined;
  /** The service's settings beyond the benchmark's usual ones (empty: its defaults). */
  settings: Record<string, string>;
}

/**
 * Goal 3 again with the two cores both taking requests: two HTTP processes, and the workers (and WAL checkpoints)
 * at the lowest priority, so they take what the HTTP processes leave and catch up after the run.
 */
export const TWO_HTTP_PROCESSES: Record<string, string> = { HTTP_PROCESSES: '2', WORKERS_NICE: '19' };

/** Settings as the benchmark names them: `HTTP_PROCESSES=2 WORKERS_NICE=19`. */
export function settingsText(settings: Record<string, string>): string {
  return Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
}

/**
 * Goal 3: the real service (bench/service-process.ts, with `settings` added to its environment) under the closed-loop
 * load of bench/http-load.ts, from the load client's own process. `profileDir` makes the service write V8 CPU profiles
 * there when it stops.
 */
export async function runIssuance(settings: Record<string, string> = {}, profileDir?: string): Promise<IssuanceResult> {
  const service = await startService('issuance', { profileDir, env: settings });
  try {
    const cpuBefore = await readThreadCpu(service.baseUrl);
    const samples: number[] = [];
    let capped = false;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const documents = (await readLag(service.baseUrl)).find((s) => s.name === 'documents');
        if (documents) {
          samples.push(documents.lag);
          capped ||= documents.capped;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    let load: HttpLoadResult;
    try {
      load = await postLoad(service.baseUrl, { authorization: `Bearer ${service.key}` }, 'issuance');
    } finally {
      sampling = false;
      await sampler;
    }
    const lagAfterRun = await readLag(service.baseUrl);
    const documentsLagDuringLoad = { samples: samples.length, p50: percentile(samples, 50) || 0, max: maxOf(samples), capped };
    // autocannon does not count the answers of the requests in flight when the warm-up and the measured run end.
    const { correctness } = await waitForFinal(service.dataDir, load.accepted, { unanswered: 2 * load.connections });
    const threadCpu = cpuPerDocument(cpuBefore, await readThreadCpu(service.baseUrl), correctness.recorded);
    return { ...load, sandboxDelayMs: SANDBOX_DELAY_MS, lagAfterRun, documentsLagDuringLoad, correctness, threadCpu, settings };
  } finally {
    await service.stop();
  }
}
