import type { CertificateIdentity } from './certificate-identity.ts';
import { DIAN_POLICY, DSIG, SIGNER_ROLE } from './dian-signature-policy.ts';

export interface QualifyingPropertiesSpec {
  signatureId: string;
  signedPropertiesId: string;
  /** xsd:dateTime with its offset: the document's issue instant. */
  signingTime: string;
  /** The signing certificate first, then its issuers. */
  certificates: readonly CertificateIdentity[];
  policyDescription: string;
}

/** xades:QualifyingProperties with the SignedProperties DIAN's policy v2 asks for (reference §5, §8); no whitespace. */
export function qualifyingPropertiesXml(spec: QualifyingPropertiesSpec): string {
  const certificates = spec.certificates.map(
    (certificate) =>
      `<xades:Cert><xades:CertDigest>${digest(DSIG.sha256, certificate.digest)}</xades:CertDigest>` +
      `<xades:IssuerSerial><ds:X509IssuerName>${escapeText(certificate.issuerName)}</ds:X509IssuerName>` +
      `<ds:X509SerialNumber>${certificate.serialNumber}</ds:X509SerialNumber></xades:IssuerSerial></xades:Cert>`,
  );
  return (
    `<xades:QualifyingProperties Target="#${spec.signatureId}">` +
    `<xades:SignedProperties Id="${spec.signedPropertiesId}"><xades:SignedSignatureProperties>` +
    `<xades:SigningTime>${escapeText(spec.signingTime)}</xades:SigningTime>` +
    `<xades:SigningCertificate>${certificates.join('')}</xades:SigningCertificate>` +
    '<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId>' +
    `<xades:SigPolicyId><xades:Identifier>${DIAN_POLICY.identifier}</xades:Identifier>` +
    `<xades:Description>${spec.policyDescription}</xades:Description></xades:SigPolicyId>` +
    `<xades:SigPolicyHash>${digest(DIAN_POLICY.digestMethod, DIAN_POLICY.digestValue)}</xades:SigPolicyHash>` +
    '</xades:SignaturePolicyId></xades:SignaturePolicyIdentifier>' +
    `<xades:SignerRole><xades:ClaimedRoles><xades:ClaimedRole>${SIGNER_ROLE}</xades:ClaimedRole></xades:ClaimedRoles></xades:SignerRole>` +
    '</xades:SignedSignatureProperties></xades:SignedProperties></xades:QualifyingProperties>'
  );
}

function digest(method: string, value: string): string {
  return `<ds:DigestMethod Algorithm="${method}"/><ds:DigestValue>${value}</ds:DigestValue>`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
