import { parentPort, workerData } from 'node:worker_threads';
import { timeCatchUp } from './catch-up-timing.ts';
import { runRebuild } from './rebuild.ts';

// The body of inProjectionThread (projection-thread.ts): one run, its result posted back.
try {
  const result = workerData.kind === 'rebuild' ? await runRebuild() : await timeCatchUp(workerData.input);
  parentPort!.postMessage({ result });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
