import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export type AtOnceAction = 'open' | 'event store' | 'coordination store' | 'documents collection';

/**
 * Runs `action` on `files` new SQLite files from `threads` threads, all of them beginning each file at the same instant
 * (at-once-thread.ts), each thread with its own connection as a process would have. Answers every error, as
 * "file N: message".
 */
export async function atOnce(action: AtOnceAction, { threads, files }: { threads: number; files: number }): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'at-once-'));
  try {
    const barrier = new SharedArrayBuffer(4 * files);
    const entry = new URL('./at-once-thread.ts', import.meta.url).href;
    const errors = await Promise.all(
      Array.from({ length: threads }, () => {
        const worker = new Worker(new URL('../../infrastructure/runtime/worker-bootstrap.mjs', import.meta.url), {
          workerData: { entry, action, dir, files, threads, barrier },
        });
        return new Promise<string[]>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
      }),
    );
    return errors.flat();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
