import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { markCheckpointedByThread, unmarkCheckpointedByThread } from './checkpoint-thread-files.ts';

interface WalCheckpointerOptions {
  /** How often the thread checkpoints each file (default 250 ms). */
  everyMs?: number;
  /** The thread's nice value (see niceThisThread): above 0 it yields to the HTTP thread when the cores are busy. */
  nice?: number;
  /**
   * A log holding more than this is started again from its beginning once no reader is in it (default 64 MiB, the
   * stores' journal_size_limit, to which the writer then cuts the file back).
   */
  resetAboveBytes?: number;
  /**
   * How often the stores still checkpoint these files after a commit while the thread runs (default 1 s). In the
   * service, the writer's own checkpoint just before its next write is what lets SQLite rewind the log (measured: a
   * 30 s period there let the logs grow and raised the end-to-end p99); a rebuild, which reads nothing back, is faster
   * leaving the copying to the thread (30 s).
   */
  storesEveryMs?: number;
}

/**
 * Checkpoints SQLite files from a thread of its own every `everyMs` (PASSIVE: it never waits for readers or writers).
 * While it runs, the stores' own checkpoints after a commit (PeriodicCheckpoint) follow `storesEveryMs`, in this thread
 * and in the workers thread it is told of (`filesCheckpointedByThread`); if this thread stops, they take over.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private files: readonly string[] = [];
  private osThread: number | undefined;

  constructor(private readonly logger: Logger) {}

  start(files: readonly string[], options: WalCheckpointerOptions = {}): void {
    if (files.length === 0) return;
    const workerData = {
      files: [...files],
      everyMs: options.everyMs ?? 250,
      nice: options.nice ?? 0,
      resetAboveBytes: options.resetAboveBytes ?? 64 * 1024 * 1024,
    };
    const worker = new Worker(new URL('./wal-checkpoint-thread.mjs', import.meta.url), { workerData });
    worker.on('message', (message: { threadId?: number }) => {
      if (typeof message?.threadId === 'number') this.osThread = message.threadId;
    });
    worker.on('error', (error) => {
      unmarkCheckpointedByThread(files);
      this.logger.warn({ err: error }, 'the WAL checkpoint thread stopped; the stores checkpoint on their own');
    });
    worker.unref();
    this.worker = worker;
    this.files = [...files];
    markCheckpointedByThread(files, options.storesEveryMs ?? 1_000);
  }

  /** The thread's id in the operating system, once it has told it (Linux); undefined when it is not running. */
  get threadId(): number | undefined {
    return this.worker ? this.osThread : undefined;
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
