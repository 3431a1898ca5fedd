import { createHash } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { certificateIdentity } from './certificate-identity.ts';
import { DIAN_POLICY, DSIG, XADES } from './dian-signature-policy.ts';
import { qualifyingPropertiesXml } from './qualifying-properties.ts';

/** A private key and its certificate chain, the signer's first. */
export interface SigningMaterial {
  privateKeyPem: string;
  /** DER certificates: the signing one first, then the CAs that issued it. */
  chain: readonly Buffer[];
}

const PAYROLL_ROOTS = /^<(NominaIndividual|NominaIndividualDeAjuste)[\s>]/m;

/** Where the signature goes: the ExtensionContent of the last UBLExtension of the root's UBLExtensions (reference §2). */
const SLOT = "/*/*[local-name()='UBLExtensions']/*[local-name()='UBLExtension'][last()]/*[local-name()='ExtensionContent']";
/** The slot while it has no element: xml-crypto, which looks it up to insert the signature, finds none in an XML without it. */
const EMPTY_SLOT = `${SLOT}[not(*)]`;
/**
 * The signature's own parts, by their path from the root. Looked up by Id (`//*[@Id=…]`), each would visit every node of
 * the document, twice: four walks that took two fifths of the time to sign a 300-line invoice.
 */
const SIGNATURE = `${SLOT}/ds:Signature`;
const KEY_INFO = `${SIGNATURE}/ds:KeyInfo`;
const SIGNED_PROPERTIES = `${SIGNATURE}/ds:Object/xades:QualifyingProperties/xades:SignedProperties`;

/**
 * Signs a DIAN XML with XAdES-EPES as DIAN's policy v2 shapes it (reference §4, §8): three references in order (the
 * document with the enveloped-signature transform, KeyInfo, SignedProperties), inclusive C14N, RSA-SHA256 and SHA-256,
 * placed in the empty ExtensionContent of the last UBLExtension. xml-crypto computes every digest in place, with the
 * ancestors' namespaces, after inserting the signature; no canonicalization is written here.
 *
 * The Ids derive from the unsigned document's bytes, and RSA PKCS#1 v1.5 is deterministic: the same document and key
 * sign to the same bytes.
 */
export function signXml(xml: string, material: SigningMaterial, signingTime: string): string {
  const signatureId = `xmldsig-${uuidFrom(xml)}`;
  const ids = { keyInfo: `${signatureId}-keyinfo`, signedProperties: `${signatureId}-signedprops` };
  const signer = new SignedXml({
    privateKey: material.privateKeyPem,
    signatureAlgorithm: DSIG.rsaSha256,
    canonicalizationAlgorithm: DSIG.c14n,
    idAttribute: 'Id',
    keyInfoAttributes: { Id: ids.keyInfo },
    getKeyInfoContent: () => `<ds:X509Data>${material.chain.map((der) => `<ds:X509Certificate>${der.toString('base64')}</ds:X509Certificate>`).join('')}</ds:X509Data>`,
    objects: [
      {
        content: qualifyingPropertiesXml({
          signatureId,
          signedPropertiesId: ids.signedProperties,
          signingTime,
          certificates: material.chain.map(certificateIdentity),
          policyDescription: PAYROLL_ROOTS.test(xml) ? DIAN_POLICY.payrollDescription : DIAN_POLICY.invoicesDescription,
        }),
      },
    ],
  });
  signer.addReference({ xpath: '/*', uri: '', isEmptyUri: true, id: `${signatureId}-ref0`, transforms: [DSIG.envelopedSignature], digestAlgorithm: DSIG.sha256 });
  signer.addReference({ xpath: KEY_INFO, transforms: [DSIG.c14n], digestAlgorithm: DSIG.sha256 });
  signer.addReference({ xpath: SIGNED_PROPERTIES, transforms: [DSIG.c14n], digestAlgorithm: DSIG.sha256, type: XADES.signedPropertiesType });
  try {
    signer.computeSignature(xml, {
      prefix: 'ds',
      attrs: { Id: signatureId },
      location: { reference: EMPTY_SLOT, action: 'append' },
      existingPrefixes: { ds: DSIG.namespace, xades: XADES.namespace },
    });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes(EMPTY_SLOT))) throw error;
    throw new Error('the XML to sign has no empty ext:ExtensionContent in its last ext:UBLExtension to hold the signature', { cause: error });
  }
  return signer.getSignedXml();
}

/** A UUID-shaped name derived from the document, so renders repeat and two documents never share Ids. */
function uuidFrom(xml: string): string {
  const hex = createHash('sha256').update(xml).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
