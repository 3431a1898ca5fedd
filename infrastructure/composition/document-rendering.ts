import type { Logger } from 'pino';
import type { CompanyLogos } from '../../application/tenancy/company-logos.ts';
import type { Config } from '../config/config.ts';
import type { ServiceMetrics } from '../metrics/service-metrics.ts';
import type { RenderPlace, RenderServices } from '../rendering/render-services.ts';
import type { RenderRunner } from '../rendering/threads/render-runner.ts';
import { sharedRenderPool } from '../rendering/threads/render-pool.ts';
import { ThreadedRenders } from '../rendering/threads/threaded-renders.ts';
import { ThreadedSigner } from '../rendering/threads/threaded-signer.ts';
import type { XmlSigner } from '../../application/ports/xml-signer.ts';
import { XadesSigner, type SigningKeys } from '../signing/xades-signer.ts';

/** `format` of the signatures of acceptance events in the render metrics, beside the documents' files. */
export const SIGNATURE_FORMAT = 'event-signature';

export interface DocumentRendering {
  services: RenderServices;
  /** Signs the XML the service builds outside a document's files (acceptance events): in the render threads when there are. */
  signer: XmlSigner;
  /** The render threads this thread hands files to; none with RENDER_THREADS=0. */
  runner: RenderRunner | undefined;
}

/**
 * What every file the service renders uses: the companies' certificates and logos, and the render threads unless
 * RENDER_THREADS=0 (this thread's own pool, or `runner`: another thread's), each render and signature counted in the
 * metrics.
 */
export function documentRendering(config: Config, keys: SigningKeys, logos: CompanyLogos, logger: Logger, metrics: ServiceMetrics, runner?: RenderRunner): DocumentRendering {
  const count = (format: string, where: RenderPlace, seconds: number) => {
    metrics.renders.inc({ format, where });
    if (where !== 'refused') metrics.renderDuration.observe({ format, where }, seconds);
  };
  const keysSigner = new XadesSigner(keys);
  const services: RenderServices = { signer: keysSigner, logoOf: (document) => logos.ofDocument(document), rendered: count };
  const signed = (where: RenderPlace, seconds: number) => count(SIGNATURE_FORMAT, where, seconds);
  if (config.renderThreads === 0) return { services, signer: new ThreadedSigner(keysSigner, undefined, { signed }), runner: undefined };
  const threads = runner ?? ownPool(config.renderThreads, logger, metrics);
  const offload = new ThreadedRenders(threads, (error) => logger.error({ err: error }, 'a render failed in a render thread; the file was rendered on the thread that asked for it'));
  const onError = (error: Error) => logger.error({ err: error }, 'a signature failed in a render thread; it was made on the thread that asked for it');
  return { services: { ...services, offload }, signer: new ThreadedSigner(keysSigner, threads, { onError, signed }), runner: threads };
}

function ownPool(threads: number, logger: Logger, metrics: ServiceMetrics): RenderRunner {
  const pool = sharedRenderPool(threads, (error) => logger.error({ err: error }, 'a render thread failed'));
  metrics.reportRenderThreads(pool);
  return pool;
}
