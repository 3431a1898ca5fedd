import type { LagSample } from './lag-rule.ts';
import { readLag } from './service-process.ts';

export interface LagSampler {
  /** Stops sampling; the samples carry wall-clock times (Date.now()) in `atMs` until `relativeTo` shifts them. */
  stop(): Promise<LagSample[]>;
}

/** Reads `/health/ready` every `intervalMs` until stopped. */
export function sampleLag(baseUrl: string, intervalMs = 1000): LagSampler {
  const samples: LagSample[] = [];
  let running = true;
  let wake: () => void = () => undefined;
  const loop = (async () => {
    while (running) {
      const atMs = Date.now();
      const workers = await readLag(baseUrl);
      if (workers.length > 0) samples.push({ atMs, workers });
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.max(0, atMs + intervalMs - Date.now()));
      });
    }
  })();
  return {
    async stop() {
      running = false;
      wake();
      await loop;
      return samples;
    },
  };
}

/** The samples with `atMs` counted from `startEpochMs`. */
export function relativeTo(samples: readonly LagSample[], startEpochMs: number): LagSample[] {
  return samples.map((sample) => ({ ...sample, atMs: sample.atMs - startEpochMs }));
}
