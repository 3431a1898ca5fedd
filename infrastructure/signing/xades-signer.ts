import { X509Certificate } from 'node:crypto';
import type { SigningKey } from '../../application/certificates/certificates.ts';
import { UNSIGNED_XML, type SigningRequest, type XmlSigner } from '../../application/ports/xml-signer.ts';
import { signXml, type SigningMaterial } from './sign-xml.ts';

/** Where the signer finds a company's key: the certificate registry (Certificates) in the service. */
export interface SigningKeys {
  signingKey(tenantId: string, environment: string, at: Date): Promise<SigningKey | null>;
}

/**
 * Signs with the company's certificate valid at the document's issue instant. Live without one renders unsigned: the
 * issuance precondition and GET /v1/me say so, and a provider that signs as a third party (Factus) needs none.
 */
export class XadesSigner implements XmlSigner {
  constructor(private readonly keys: SigningKeys) {}

  async sign(xml: string, request: SigningRequest): Promise<string> {
    return signWith(await this.materialFor(request), xml, request);
  }

  /** The key and chain that sign for the request; null when the company has none valid then. */
  async materialFor(request: SigningRequest): Promise<SigningMaterial | null> {
    const at = new Date(request.signingTime);
    if (Number.isNaN(at.getTime())) throw new Error(`signing time ${request.signingTime} is not an ISO 8601 instant`);
    const key = await this.keys.signingKey(request.tenantId, request.environment, at);
    if (!key) return null;
    return { privateKeyPem: key.privateKeyPem, chain: key.chainPem.map((pem) => Buffer.from(new X509Certificate(pem).raw)) };
  }
}

/** Signs with material already looked up (a render thread's signer); without any, renders unsigned as XadesSigner does. */
export async function signWith(material: SigningMaterial | null, xml: string, request: SigningRequest): Promise<string> {
  return material ? signXml(xml, material, request.signingTime) : UNSIGNED_XML.sign(xml, request);
}
