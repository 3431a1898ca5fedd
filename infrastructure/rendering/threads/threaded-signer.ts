import { RenderingBusyError } from '../../../application/documents/artifact-errors.ts';
import type { SigningRequest, XmlSigner } from '../../../application/ports/xml-signer.ts';
import { signWith, type XadesSigner } from '../../signing/xades-signer.ts';
import type { RenderRunner } from './render-runner.ts';

/**
 * Signs in the render threads: this thread looks up the company's key and chain, a render thread computes the
 * signature (an acceptance event's ApplicationResponse took about 5 ms of the thread that signed it, enough to hold
 * up every request behind it). Whatever the threads cannot do (they could not start, their queue is full, the
 * signature failed there) is signed here instead, as without threads: a file this small is not worth refusing.
 */
export class ThreadedSigner implements XmlSigner {
  constructor(
    private readonly signer: XadesSigner,
    private readonly runner: RenderRunner,
    /** Told of a signature that failed in a render thread (and was then made here). */
    private readonly onError?: (error: Error) => void,
  ) {}

  async sign(xml: string, request: SigningRequest): Promise<string> {
    const material = await this.signer.materialFor(request);
    if (!material || !this.runner.available) return signWith(material, xml, request);
    try {
      return await this.runner.sign({ kind: 'signature', xml, signing: material, signingTime: request.signingTime });
    } catch (error) {
      const signed = await signWith(material, xml, request);
      if (this.runner.available && !(error instanceof RenderingBusyError)) this.onError?.(error instanceof Error ? error : new Error(String(error)));
      return signed;
    }
  }
}
