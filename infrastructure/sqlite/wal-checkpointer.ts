import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

/**
 * Checkpoints SQLite files from a thread of its own every `everyMs` (PASSIVE: it never waits for readers or writers),
 * so the stores' own checkpoint after a commit (PeriodicCheckpoint) finds nothing left to copy. If this thread stops,
 * those take over again.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;

  constructor(private readonly logger: Logger) {}

  start(files: readonly string[], everyMs = 250): void {
    if (files.length === 0) return;
    const worker = new Worker(new URL('./wal-checkpoint-thread.mjs', import.meta.url), { workerData: { files: [...files], everyMs } });
    worker.on('error', (error) => this.logger.warn({ err: error }, 'the WAL checkpoint thread stopped; the stores checkpoint on their own'));
    worker.unref();
    this.worker = worker;
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('stop');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await worker.terminate();
  }
}
