import { X509Certificate } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { DianCredentials } from './dian-web-services.ts';
import type { EnvelopeIds } from './soap-envelope.ts';
import { DSIG, NS, WSS } from './soap-namespaces.ts';

/** PrefixLists of reference §2: SignedInfo keeps `wsa soap wcf`, each reference `soap wcf` (ancestors of wsa:To). */
const SIGNED_INFO_PREFIXES = ['wsa', 'soap', 'wcf'];
const REFERENCE_PREFIXES = ['soap', 'wcf'];

/** The BinarySecurityToken's content: the first certificate of the chain as DER, base64. */
export function securityTokenBase64(credentials: DianCredentials): string {
  const first = credentials.chainPem[0];
  if (!first) throw new Error('DIAN credentials: chainPem is empty; the signing certificate must come first');
  try {
    return new X509Certificate(first).raw.toString('base64');
  } catch (error) {
    throw new Error(`DIAN credentials: chainPem[0] is not a PEM certificate (${(error as Error).message})`);
  }
}

/**
 * Signs the envelope's wsa:To and wsu:Timestamp (two references, exclusive C14N with the PrefixLists above, SHA-256,
 * RSA-SHA256) and appends ds:Signature to wsse:Security, KeyInfo pointing at the BinarySecurityToken. xml-crypto
 * canonicalizes each target in place with its ancestors' namespaces, so the `soap` and `wcf` the PrefixList names are
 * in the digested bytes as xmlsec1 and WCF compute them. The result is xmldom's serialization, sent as is.
 */
export function signEnvelope(envelope: string, privateKeyPem: string, ids: EnvelopeIds): string {
  const signer = new SignedXml({
    privateKey: privateKeyPem,
    signatureAlgorithm: DSIG.rsaSha256,
    canonicalizationAlgorithm: DSIG.excC14n,
    inclusiveNamespacesPrefixList: SIGNED_INFO_PREFIXES,
    idMode: 'wssecurity',
    keyInfoAttributes: { Id: ids.keyInfo },
    getKeyInfoContent: () =>
      `<wsse:SecurityTokenReference wsu:Id="${ids.tokenReference}"><wsse:Reference URI="#${ids.token}" ValueType="${WSS.x509v3}"/></wsse:SecurityTokenReference>`,
  });
  for (const [localName, namespace] of [['To', NS.wsa], ['Timestamp', NS.wsu]]) {
    signer.addReference({
      xpath: `//*[local-name()='${localName}' and namespace-uri()='${namespace}']`,
      transforms: [DSIG.excC14n],
      digestAlgorithm: DSIG.sha256,
      inclusiveNamespacesPrefixList: REFERENCE_PREFIXES,
    });
  }
  try {
    signer.computeSignature(envelope, {
      prefix: 'ds',
      attrs: { Id: ids.signature },
      location: { reference: `//*[local-name()='Security' and namespace-uri()='${NS.wsse}']`, action: 'append' },
      existingPrefixes: { wsse: NS.wsse, wsu: NS.wsu },
    });
  } catch (error) {
    // The key's text never goes into the message; crypto's errors name the failure, not the key.
    throw new Error(`Could not sign the WS-Security header: ${(error as Error).message}`);
  }
  return signer.getSignedXml();
}
