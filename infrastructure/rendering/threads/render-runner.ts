import type { Artifact } from '../../../application/ports/artifact.ts';
import type { RenderInputs, SignatureInputs } from './render-inputs.ts';

/**
 * Runs renders in the render threads: the pool itself (render-pool.ts) on the thread that owns it, or a port to that
 * thread's pool (render-port.ts) on another thread of the process, so that the process has one set of render threads
 * and one queue, whichever thread asks.
 */
export interface RenderRunner {
  /** False once the threads could not start: renders then run on the thread that asked, as with RENDER_THREADS=0. */
  readonly available: boolean;
  /**
   * The file a render here would give. Throws RenderingBusyError when the queue is full, RenderThreadsUnavailableError
   * when the threads could not start (`available` is then false), and whatever the render threw in the thread.
   */
  run(inputs: RenderInputs): Promise<Artifact | null>;
  /** The XML signed in a render thread; throws as `run` does. */
  sign(inputs: SignatureInputs): Promise<string>;
}

/** The render threads could not start: the render is the asking thread's to make. */
export class RenderThreadsUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`the render threads could not start: ${reason}`);
    this.name = 'RenderThreadsUnavailableError';
  }
}
