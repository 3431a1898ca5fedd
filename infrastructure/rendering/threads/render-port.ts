import type { MessagePort } from 'node:worker_threads';
import { RenderingBusyError } from '../../../application/documents/artifact-errors.ts';
import type { Artifact } from '../../../application/ports/artifact.ts';
import { isSignature, receivedArtifact, type RenderInputs, type RenderTaskInputs, type SignatureInputs } from './render-inputs.ts';
import { RenderThreadsUnavailableError, type RenderRunner } from './render-runner.ts';

type RenderRequest = { id: number; inputs: RenderTaskInputs };
type RenderAnswer =
  | { id: number; result: Artifact | null | string }
  | { id: number; refused: number }
  | { id: number; unavailable: string }
  | { id: number; failed: string };

/**
 * Answers the renders and signatures another thread of the process asks for over `port` (PortRenderRunner) with this
 * thread's render threads: the workers thread's files (DIAN direct's packages, the acceptance events it sends) share
 * the API thread's pool and queue.
 */
export function serveRenders(port: MessagePort, runner: RenderRunner): void {
  port.on('message', ({ id, inputs }: RenderRequest) => {
    const task: Promise<Artifact | null | string> = isSignature(inputs) ? runner.sign(inputs) : runner.run(inputs);
    task.then(
      (result) => port.postMessage({ id, result } satisfies RenderAnswer),
      (error: unknown) => port.postMessage(answerOf(id, error)),
    );
  });
  // Waiting for requests keeps neither thread alive.
  port.unref();
}

function answerOf(id: number, error: unknown): RenderAnswer {
  if (error instanceof RenderingBusyError) return { id, refused: error.waiting };
  if (error instanceof RenderThreadsUnavailableError) return { id, unavailable: error.reason };
  return { id, failed: error instanceof Error ? error.message : String(error) };
}

/** The render threads of another thread of the process (the API thread's), reached over the port it serves. */
export class PortRenderRunner implements RenderRunner {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (result: Artifact | null | string) => void; reject: (error: Error) => void }>();
  private unavailable = false;

  constructor(private readonly port: MessagePort) {
    port.on('message', (answer: RenderAnswer) => this.answered(answer));
    port.unref();
  }

  get available(): boolean {
    return !this.unavailable;
  }

  async run(inputs: RenderInputs): Promise<Artifact | null> {
    return receivedArtifact((await this.ask(inputs)) as Artifact | null);
  }

  async sign(inputs: SignatureInputs): Promise<string> {
    return (await this.ask(inputs)) as string;
  }

  private ask(inputs: RenderTaskInputs): Promise<Artifact | null | string> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A render waited for keeps the thread alive until it is answered.
      if (this.pending.size === 1) this.port.ref();
      this.port.postMessage({ id, inputs } satisfies RenderRequest);
    });
  }

  private answered(answer: RenderAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.port.unref();
    if ('result' in answer) waiting.resolve(answer.result);
    else if ('refused' in answer) waiting.reject(new RenderingBusyError(answer.refused));
    else if ('unavailable' in answer) {
      this.unavailable = true;
      waiting.reject(new RenderThreadsUnavailableError(answer.unavailable));
    } else waiting.reject(new Error(answer.failed));
  }
}
