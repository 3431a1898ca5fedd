import { NO_RENDER_SERVICES, type RenderServices } from '../../../infrastructure/rendering/render-services.ts';
import { XadesSigner } from '../../../infrastructure/signing/xades-signer.ts';
import type { TestPki } from './test-pki.ts';

/** Render services that sign every XML with the PKI's leaf (its chain: the leaf, then the root); no logo. */
export function pkiRenderServices(pki: TestPki): RenderServices {
  return { ...NO_RENDER_SERVICES, signer: new XadesSigner({ signingKey: async () => ({ privateKeyPem: pki.leafKeyPem, chainPem: [pki.leafPem, pki.rootPem] }) }) };
}
