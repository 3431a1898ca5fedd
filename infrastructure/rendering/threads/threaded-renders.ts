import { RenderingBusyError } from '../../../application/documents/artifact-errors.ts';
import type { Artifact, ArtifactFormat } from '../../../application/ports/artifact.ts';
import { UNSIGNED_XML } from '../../../application/ports/xml-signer.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { XadesSigner } from '../../signing/xades-signer.ts';
import { signingRequestOf } from '../render-context.ts';
import { renderHere, SIGNED_FORMATS, WITH_AUTHORITY_RESPONSE } from '../render-document-artifact.ts';
import type { RenderOffload, RenderPlace, RenderServices } from '../render-services.ts';
import type { RenderInputs } from './render-inputs.ts';
import type { RenderRunner } from './render-runner.ts';

/**
 * Hands renders to the render threads: this thread looks up what the render needs (the signing key and chain, the
 * logo, DIAN's answer), the threads build the file from it with the same code. A render the threads cannot take (a
 * signer that cannot be handed over, threads that could not start) is made here; one that fails there is made here
 * again, served if it succeeds and reported; a full queue is refused (RenderingBusyError).
 */
export class ThreadedRenders implements RenderOffload {
  constructor(
    private readonly runner: RenderRunner,
    /** Told of a render that failed in a thread and succeeded here. */
    private readonly onError?: (error: Error) => void,
  ) {}

  async render(document: DocumentState, format: ArtifactFormat, services: RenderServices): Promise<{ artifact: Artifact | null; where: RenderPlace }> {
    const inputs = this.runner.available ? await inputsOf(document, format, services) : null;
    if (!inputs || !this.runner.available) return here(document, format, services);
    try {
      return { artifact: await this.runner.run(inputs), where: 'render-thread' };
    } catch (error) {
      if (error instanceof RenderingBusyError) throw error;
      if (!this.runner.available) return here(document, format, services);
      // A render that fails here too fails as it would without threads; one that succeeds here was the thread's fault.
      const made = await here(document, format, services);
      this.onError?.(error instanceof Error ? error : new Error(String(error)));
      return made;
    }
  }
}

async function here(document: DocumentState, format: ArtifactFormat, services: RenderServices): Promise<{ artifact: Artifact | null; where: RenderPlace }> {
  return { artifact: await renderHere(document, format, services), where: 'calling-thread' };
}

/** What a render thread needs for this render; null when the signer is of a kind (a test's) that cannot be handed over. */
async function inputsOf(document: DocumentState, format: ArtifactFormat, services: RenderServices): Promise<RenderInputs | null> {
  const signer = services.signer;
  if (!(signer instanceof XadesSigner) && signer !== UNSIGNED_XML) return null;
  const [logo, authorityResponse, signing] = await Promise.all([
    services.logoOf(document),
    WITH_AUTHORITY_RESPONSE.has(format) ? (services.authorityResponseOf?.(document) ?? null) : null,
    signer instanceof XadesSigner && SIGNED_FORMATS.has(format) ? signer.materialFor(signingRequestOf(document)) : null,
  ]);
  return { document, format, logo, authorityResponse, signing };
}
