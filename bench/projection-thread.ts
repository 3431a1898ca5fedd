import { Worker } from 'node:worker_threads';
import { projectionThreadLimits } from '../infrastructure/runtime/projection-heap.ts';
import type { CatchUpResult } from './catch-up.ts';
import type { RebuildResult } from './rebuild.ts';

interface Results {
  'catch-up': CatchUpResult;
  rebuild: RebuildResult;
}

/**
 * Runs the catch-up or the rebuild benchmark in a worker thread with the heap limits of the service's workers thread,
 * where the service catches its projections up and runs the rebuilds the admin API starts.
 */
export function inProjectionThread<K extends keyof Results>(kind: K): Promise<Results[K]> {
  const worker = new Worker(new URL('../infrastructure/runtime/worker-bootstrap.mjs', import.meta.url), {
    workerData: { entry: new URL('./projection-thread-entry.ts', import.meta.url).href, kind },
    resourceLimits: projectionThreadLimits,
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once('message', (message: { result?: Results[K]; error?: string }) => {
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
