import { Piscina } from 'piscina';
import { RenderingBusyError } from '../../../application/documents/artifact-errors.ts';
import type { Artifact, ArtifactFormat } from '../../../application/ports/artifact.ts';
import { UNSIGNED_XML } from '../../../application/ports/xml-signer.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { XadesSigner } from '../../signing/xades-signer.ts';
import { signingRequestOf } from '../render-context.ts';
import { renderHere, SIGNED_FORMATS, WITH_AUTHORITY_RESPONSE } from '../render-document-artifact.ts';
import type { RenderOffload, RenderServices } from '../render-services.ts';
import { receivedArtifact, type RenderInputs } from './render-inputs.ts';

/** Renders a thread may have waiting before more are refused (a 300-line ZIP takes about half a second). */
export const QUEUE_PER_THREAD = 64;

/**
 * Renders XML, PDF and ZIP files in threads of their own, so that a large document's render and signature (a 300-line
 * ZIP holds a thread about half a second) do not stop the thread that asked for it from answering other requests. The
 * calling thread looks up what the render needs (the signing key, the logo, DIAN's answer) and the render thread
 * builds the same bytes from them. The threads start with the first render and stay; idle, they keep no process alive.
 */
export class RenderPool implements RenderOffload {
  private pool: Piscina | undefined;
  /** Renders handed to the threads and not yet answered (running, or waiting for a thread), to abort if they cannot start. */
  private readonly inFlight = new Set<AbortController>();
  /** Set when the threads could not start: renders then run on the calling thread, as with RENDER_THREADS=0. */
  private broken: Error | undefined;

  constructor(
    readonly threads: number,
    private readonly options: RenderPoolOptions = {},
  ) {}

  /** Renders the threads finished, failed ones included (tests). */
  get rendered(): number {
    return this.pool?.completed ?? 0;
  }

  async render(document: DocumentState, format: ArtifactFormat, services: RenderServices): Promise<Artifact | null> {
    const signer = services.signer;
    // Threads that could not start, or a signer of another kind (a test's) that cannot be handed over: render here.
    if (this.broken || (!(signer instanceof XadesSigner) && signer !== UNSIGNED_XML)) return renderHere(document, format, services);
    const [logo, authorityResponse, signing] = await Promise.all([
      services.logoOf(document),
      WITH_AUTHORITY_RESPONSE.has(format) ? (services.authorityResponseOf?.(document) ?? null) : null,
      signer instanceof XadesSigner && SIGNED_FORMATS.has(format) ? signer.materialFor(signingRequestOf(document)) : null,
    ]);
    if (this.broken) return renderHere(document, format, services); // the threads failed while this looked up
    // Counted here: piscina leaves tasks that can be aborted out of its own queue limit.
    const waiting = this.inFlight.size - this.threads;
    if (waiting >= this.threads * (this.options.queuePerThread ?? QUEUE_PER_THREAD)) throw new RenderingBusyError(waiting);
    const inputs: RenderInputs = { document, format, logo, authorityResponse, signing };
    const controller = new AbortController();
    this.inFlight.add(controller);
    try {
      return receivedArtifact(await this.started().run(inputs, { signal: controller.signal }));
    } catch (error) {
      if (this.broken) return renderHere(document, format, services);
      // A render that fails here too fails as it would without threads; one that succeeds here was the thread's fault.
      const artifact = await renderHere(document, format, services);
      this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
      return artifact;
    } finally {
      this.inFlight.delete(controller);
    }
  }

  private started(): Piscina {
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
   * replaced, and the renders waiting for it would wait for ever: they, and every render after, run here instead.
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
  /** Told of a thread's failure: a render that failed there and not here, or a thread that ended outside a task. */
  onError?: (error: Error) => void;
}

const shared = new Map<number, RenderPool>();

/** One pool per size in a thread: every container of the thread (tests build many) renders through the same threads. */
export function sharedRenderPool(threads: number, onError?: (error: Error) => void): RenderPool {
  let pool = shared.get(threads);
  if (!pool) shared.set(threads, (pool = new RenderPool(threads, { onError })));
  return pool;
}
