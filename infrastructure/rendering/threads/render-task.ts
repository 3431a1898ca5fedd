import type { Artifact } from '../../../application/ports/artifact.ts';
import { signWith } from '../../signing/xades-signer.ts';
import { renderHere } from '../render-document-artifact.ts';
import type { RenderServices } from '../render-services.ts';
import { asBuffer, type RenderInputs } from './render-inputs.ts';

/** A render thread's task: the same render as on the calling thread, with the services it looked up beforehand. */
export async function renderTask({ document, format, logo, authorityResponse, signing }: RenderInputs): Promise<Artifact | null> {
  const material = signing && { privateKeyPem: signing.privateKeyPem, chain: signing.chain.map(asBuffer) };
  const services: RenderServices = {
    signer: { sign: (xml, request) => signWith(material, xml, request) },
    logoOf: async () => logo && { ...logo, bytes: asBuffer(logo.bytes) },
    authorityResponseOf: async () => authorityResponse,
  };
  return renderHere(document, format, services);
}
