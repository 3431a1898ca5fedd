import { parentPort, workerData } from 'node:worker_threads';
import { timeProjectionFloor } from './projection-floor.ts';
import { timeCatchUp } from './catch-up-timing.ts';
import { runRebuild } from './rebuild.ts';

// The body of inProjectionThread (projection-thread.ts): one run, its result posted back.
try {
  const runs = { rebuild: () => runRebuild(), 'catch-up': () => timeCatchUp(workerData.input), floor: () => timeProjectionFloor(workerData.input) };
  const result = await runs[workerData.kind as keyof typeof runs]();
  parentPort!.postMessage({ result });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
