import { Worker } from 'node:worker_threads';
import { projectionThreadLimits } from '../infrastructure/runtime/projection-heap.ts';
import type { ProjectionFloorFiles, ProjectionFloorResult } from './projection-floor.ts';
import type { CatchUpFiles } from './catch-up-timing.ts';
import type { RebuildResult } from './rebuild.ts';

interface Runs {
  'catch-up': { input: CatchUpFiles; result: { seconds: number } };
  floor: { input: ProjectionFloorFiles; result: ProjectionFloorResult };
  rebuild: { input: undefined; result: RebuildResult };
}

/**
 * Runs one catch-up of the documents projection, its floor (projection-floor.ts), or the rebuild benchmark, in a new
 * worker thread with the heap limits of the service's workers thread, where the service catches its projections up
 * and runs the rebuilds the admin API starts.
 */
export function inProjectionThread<K extends keyof Runs>(kind: K, input?: Runs[K]['input']): Promise<Runs[K]['result']> {
  const worker = new Worker(new URL('../infrastructure/runtime/worker-bootstrap.mjs', import.meta.url), {
    workerData: { entry: new URL('./projection-thread-entry.ts', import.meta.url).href, kind, input },
    resourceLimits: projectionThreadLimits,
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once('message', (message: { result?: Runs[K]['result']; error?: string }) => {
      settled = true;
      if (message.error) reject(new Error(`${kind} thread: ${message.error}`));
      else resolve(message.result!);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`${kind} thread exited with code ${code} before its result`));
    });
  });
}
