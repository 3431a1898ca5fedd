import { parentPort, workerData } from 'node:worker_threads';
import { runCatchUp } from './catch-up.ts';
import { runRebuild } from './rebuild.ts';

// The body of inProjectionThread (projection-thread.ts): one benchmark, its result posted back.
try {
  const result = workerData.kind === 'rebuild' ? await runRebuild() : await runCatchUp();
  parentPort!.postMessage({ result });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
