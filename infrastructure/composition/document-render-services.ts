import type { Logger } from 'pino';
import type { CompanyLogos } from '../../application/tenancy/company-logos.ts';
import type { Config } from '../config/config.ts';
import type { RenderServices } from '../rendering/render-services.ts';
import { sharedRenderPool } from '../rendering/threads/render-pool.ts';
import { XadesSigner, type SigningKeys } from '../signing/xades-signer.ts';

/** What every file the service renders uses: the companies' certificates and logos, and the render threads unless RENDER_THREADS=0. */
export function documentRenderServices(config: Config, keys: SigningKeys, logos: CompanyLogos, logger: Logger): RenderServices {
  const services: RenderServices = { signer: new XadesSigner(keys), logoOf: (document) => logos.ofDocument(document) };
  if (config.renderThreads === 0) return services;
  const offload = sharedRenderPool(config.renderThreads, (error) => logger.error({ err: error }, 'a render thread failed; the file was rendered on the thread that asked for it'));
  return { ...services, offload };
}
