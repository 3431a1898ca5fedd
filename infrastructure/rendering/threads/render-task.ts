import type { Artifact } from '../../../application/ports/artifact.ts';
import { signXml, type SigningMaterial } from '../../signing/sign-xml.ts';
import { signWith } from '../../signing/xades-signer.ts';
import { renderHere } from '../render-document-artifact.ts';
import type { RenderServices } from '../render-services.ts';
import { asBuffer, isSignature, type RenderInputs, type RenderTaskInputs } from './render-inputs.ts';

/**
 * A render thread's task: the same render as on the calling thread, with the services it looked up beforehand; or the
 * signature of an XML the calling thread built.
 */
export async function renderTask(inputs: RenderTaskInputs): Promise<Artifact | null | string> {
  if (isSignature(inputs)) return signXml(inputs.xml, materialOf(inputs.signing), inputs.signingTime);
  return renderDocument(inputs);
}

function renderDocument({ document, format, logo, authorityResponse, signing }: RenderInputs): Promise<Artifact | null> {
  const material = signing && materialOf(signing);
  const services: RenderServices = {
    signer: { sign: (xml, request) => signWith(material, xml, request) },
    logoOf: async () => logo && { ...logo, bytes: asBuffer(logo.bytes) },
    authorityResponseOf: async () => authorityResponse,
  };
  return renderHere(document, format, services);
}

/** The chain's certificates crossed threads as Uint8Arrays. */
function materialOf(signing: SigningMaterial): SigningMaterial {
  return { privateKeyPem: signing.privateKeyPem, chain: signing.chain.map(asBuffer) };
}
