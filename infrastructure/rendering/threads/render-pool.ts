import { Piscina } from 'piscina';
import { RenderingBusyError } from '../../../application/documents/artifact-errors.ts';
import type { Artifact } from '../../../application/ports/artifact.ts';
import { receivedArtifact, type RenderInputs, type RenderTaskInputs, type SignatureInputs } from './render-inputs.ts';
import { RenderThreadsUnavailableError, type RenderRunner } from './render-runner.ts';

/** Renders a thread may have waiting before more are refused (a 300-line ZIP takes about half a second). */
export const QUEUE_PER_THREAD = 64;

/**
 * The render threads (piscina): they build XML, PDF and ZIP files from what the asking thread looked up, so that a
 * large document's render and signature (a 300-line ZIP holds a thread about half a second) do not stop that thread
 * from answering other requests. The threads start with the first render and stay; idle, they keep no process alive.
 */
export class RenderPool implements RenderRunner {
  private pool: Piscina | undefined;
  /** Renders handed to the threads and not yet answered (running, or waiting for a thread), to abort if they cannot start. */
  private readonly inFlight = new Set<AbortController>();
  /** Set when the threads could not start. */
  private broken: Error | undefined;

  constructor(
    readonly threads: number,
    private readonly options: RenderPoolOptions = {},
  ) {}

  get available(): boolean {
    return !this.broken;
  }

  /** Renders the threads finished, failed ones included (tests). */
  get rendered(): number {
    return this.pool?.completed ?? 0;
  }

  /** Threads running now (none before the first render). */
  get started(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Renders handed over and waiting for a thread (not yet running). */
  get waiting(): number {
    return Math.max(0, this.inFlight.size - this.threads);
  }

  async run(inputs: RenderInputs): Promise<Artifact | null> {
    return receivedArtifact(await this.task<Artifact | null>(inputs));
  }

  sign(inputs: SignatureInputs): Promise<string> {
    return this.task<string>(inputs);
  }

  private async task<T>(inputs: RenderTaskInputs): Promise<T> {
    if (this.broken) throw new RenderThreadsUnavailableError(this.broken.message);
    // Counted here: piscina leaves tasks that can be aborted out of its own queue limit.
    if (this.waiting >= this.threads * (this.options.queuePerThread ?? QUEUE_PER_THREAD)) throw new RenderingBusyError(this.waiting);
    const controller = new AbortController();
    this.inFlight.add(controller);
    try {
      return (await this.threadsStarted().run(inputs, { signal: controller.signal })) as T;
    } catch (error) {
      // Aborted because the threads could not start (failed, below).
      if (!this.available) throw new RenderThreadsUnavailableError(this.broken!.message);
      throw error;
    } finally {
      this.inFlight.delete(controller);
    }
  }

  private threadsStarted(): Piscina {
    if (this.pool) return this.pool;
    const pool = new Piscina({
      filename: new URL('./render-thread.mjs', import.meta.url).href,
      workerData: { entry: (this.options.entry ?? new URL('./render-task.ts', import.meta.url)).href },
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: Infinity,
    });
    // piscina reports a thread's failure outside a task as an 'error' event, which unheard would end the process.
    pool.on('error', (error: Error) => this.failed(pool, error));
    this.pool = pool;
    return pool;
  }

  /**
   * A thread ended outside a task. piscina replaces a thread that had started; one that fails while starting is not
   * replaced, and the renders waiting for it would wait for ever: they are aborted, and every render after is refused
   * as unavailable, for the asking thread to make.
   */
  private failed(pool: Piscina, error: Error): void {
    if (this.broken) return;
    this.options.onError?.(error);
    if (pool.threads.length > 0) return;
    this.broken = error;
    for (const controller of this.inFlight) controller.abort(error);
  }

  /** Ends the threads (a test's or a benchmark's cleanup; the service's idle threads never hold it open). */
  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}

export interface RenderPoolOptions {
  /** Renders each thread may have waiting (QUEUE_PER_THREAD). */
  queuePerThread?: number;
  /** The module whose `renderTask` the threads run (render-task.ts; a test names another). */
  entry?: URL;
  /** Told of a thread that ended outside a task. */
  onError?: (error: Error) => void;
}

const shared = new Map<number, RenderPool>();

/** One pool per size in a thread: every container of the thread (tests build many) renders through the same threads. */
export function sharedRenderPool(threads: number, onError?: (error: Error) => void): RenderPool {
  let pool = shared.get(threads);
  if (!pool) shared.set(threads, (pool = new RenderPool(threads, { onError })));
  return pool;
}
