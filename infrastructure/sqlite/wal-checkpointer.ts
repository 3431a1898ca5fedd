import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { markCheckpointedByThread, unmarkCheckpointedByThread } from './checkpoint-thread-files.ts';

/**
 * Checkpoints SQLite files from a thread of its own every `everyMs` (PASSIVE: it never waits for readers or writers).
 * While it runs, the stores' own checkpoints after a commit (PeriodicCheckpoint) fall back to a long period, in this
 * thread and in the workers thread it is told of (`filesCheckpointedByThread`); if this thread stops, they take over.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private files: readonly string[] = [];

  constructor(private readonly logger: Logger) {}

  start(files: readonly string[], everyMs = 250): void {
    if (files.length === 0) return;
    const worker = new Worker(new URL('./wal-checkpoint-thread.mjs', import.meta.url), { workerData: { files: [...files], everyMs } });
    worker.on('error', (error) => {
      unmarkCheckpointedByThread(files);
      this.logger.warn({ err: error }, 'the WAL checkpoint thread stopped; the stores checkpoint on their own');
    });
    worker.unref();
    this.worker = worker;
    this.files = [...files];
    markCheckpointedByThread(files);
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    unmarkCheckpointedByThread(this.files);
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('stop');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await worker.terminate();
  }
}
