import { RenderingBusyError } from '../../../application/documents/artifact-errors.ts';
import type { SigningRequest, XmlSigner } from '../../../application/ports/xml-signer.ts';
import { signWith, type XadesSigner } from '../../signing/xades-signer.ts';
import type { RenderPlace } from '../render-services.ts';
import type { RenderRunner } from './render-runner.ts';

export interface ThreadedSignerOptions {
  /** Told of a signature that failed in a render thread (and was then made here). */
  onError?(error: Error): void;
  /** Told where each signature was made and how long it took from the asking, the key's lookup included (metrics). */
  signed?(where: Exclude<RenderPlace, 'refused'>, seconds: number): void;
}

/**
 * Signs in the render threads, when there are (`runner`): this thread looks up the company's key and chain, a render
 * thread computes the signature (an acceptance event's ApplicationResponse took about 5 ms of the thread that signed
 * it, enough to hold up every request behind it). Whatever the threads cannot do (they could not start, their queue is
 * full, the signature failed there) is signed here instead, as without threads: a file this small is not worth refusing.
 */
export class ThreadedSigner implements XmlSigner {
  constructor(
    private readonly signer: XadesSigner,
    private readonly runner: RenderRunner | undefined,
    private readonly options: ThreadedSignerOptions = {},
  ) {}

  async sign(xml: string, request: SigningRequest): Promise<string> {
    const asked = performance.now();
    const done = (where: Exclude<RenderPlace, 'refused'>, signed: string) => {
      this.options.signed?.(where, (performance.now() - asked) / 1000);
      return signed;
    };
    const material = await this.signer.materialFor(request);
    if (!material) return signWith(material, xml, request);
    if (!this.runner?.available) return done('calling-thread', await signWith(material, xml, request));
    try {
      return done('render-thread', await this.runner.sign({ kind: 'signature', xml, signing: material, signingTime: request.signingTime }));
    } catch (error) {
      const signed = await signWith(material, xml, request);
      if (this.runner.available && !(error instanceof RenderingBusyError)) this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
      return done('calling-thread', signed);
    }
  }
}
