import { createHash, X509Certificate } from 'node:crypto';

/** What XAdES states about a certificate: its digest, issuer and serial (reference §5). */
export interface CertificateIdentity {
  /** Base64 SHA-256 of the DER certificate (not of its public key). */
  digest: string;
  /** RFC 4514 order: most specific first, e.g. `CN=Sub CA,O=Example,C=CO`. */
  issuerName: string;
  /** Decimal, as ds:X509SerialNumber (xsd:integer) requires. */
  serialNumber: string;
}

export function certificateIdentity(der: Buffer): CertificateIdentity {
  const certificate = new X509Certificate(der);
  return {
    digest: createHash('sha256').update(der).digest('base64'),
    issuerName: rfc4514(certificate.issuer),
    serialNumber: BigInt(`0x${certificate.serialNumber}`).toString(10),
  };
}

/**
 * Node prints a name one attribute a line, least specific first, with values already escaped as RFC 2253 asks
 * (`,+"\\<>;`); RFC 4514 joins the same attributes the other way round.
 */
export function rfc4514(multiline: string): string {
  return multiline.split('\n').filter(Boolean).reverse().join(',');
}
