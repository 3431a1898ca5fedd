import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { UnreadableCertificateError, type CertificateBundle } from '../../application/ports/certificate-toolkit.ts';

const { oids } = forge.pki;

/** The private key and the chain of a PKCS#12 (.p12/.pfx) file, the certificate of the key first. */
export function readPkcs12(bytes: Buffer, password: string): CertificateBundle {
  const p12 = open(bytes, password);
  const keys = [...(p12.getBags({ bagType: oids.pkcs8ShroudedKeyBag })[oids.pkcs8ShroudedKeyBag] ?? []), ...(p12.getBags({ bagType: oids.keyBag })[oids.keyBag] ?? [])];
  if (keys.length === 0) throw new UnreadableCertificateError('the PKCS#12 file holds no private key');
  const privateKey = privateKeyOf(keys[0]);
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new UnreadableCertificateError(`the private key in the PKCS#12 file is not an RSA key but ${privateKey.asymmetricKeyType?.toUpperCase() ?? 'of an unknown kind'} (DIAN signs with RSA)`);
  }
  const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const certificates = (p12.getBags({ bagType: oids.certBag })[oids.certBag] ?? []).map(certificateOf);
  if (certificates.length === 0) throw new UnreadableCertificateError('the PKCS#12 file holds no certificate');
  const signer = certificates.find((certificate) => certificate.checkPrivateKey(privateKey));
  if (!signer) throw new UnreadableCertificateError('the private key in the PKCS#12 file does not match any of its certificates');
  return { privateKeyPem, chainPem: chainFrom(signer, certificates).map((certificate) => certificate.toString()) };
}

/*
 * node-forge reads RSA keys of two primes and RSA certificates only. It leaves any other key (an EC key, an RSA key of
 * more than two primes) as the decrypted PrivateKeyInfo, and any other certificate (a CA's over an EC key) as its
 * ASN.1, both of which OpenSSL reads.
 */
function privateKeyOf(bag: forge.pkcs12.Bag): KeyObject {
  if (bag.key) return createPrivateKey(forge.pki.privateKeyToPem(bag.key));
  try {
    return createPrivateKey({ key: derOf(bag.asn1), format: 'der', type: 'pkcs8' });
  } catch (error) {
    throw new UnreadableCertificateError(`the private key in the PKCS#12 file cannot be read (${messageOf(error)})`);
  }
}

function certificateOf(bag: forge.pkcs12.Bag): X509Certificate {
  if (bag.cert) return new X509Certificate(forge.pki.certificateToPem(bag.cert));
  try {
    return new X509Certificate(derOf(bag.asn1));
  } catch (error) {
    throw new UnreadableCertificateError(`a certificate in the PKCS#12 file cannot be read (${messageOf(error)})`);
  }
}

const derOf = (asn1: forge.asn1.Asn1): Buffer => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function open(bytes: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
  } catch {
    throw new UnreadableCertificateError('the file is not a PKCS#12 (.p12/.pfx) file: it is not DER');
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = messageOf(error);
    if (/MAC could not be verified|Invalid password/i.test(message)) throw new UnreadableCertificateError('wrong password for the PKCS#12 file');
    throw new UnreadableCertificateError(`the file is not a readable PKCS#12 (.p12/.pfx) file (${message})`);
  }
}

/** The signer, then each issuer found among the file's certificates, up to a self-signed root or a missing link. */
function chainFrom(signer: X509Certificate, certificates: X509Certificate[]): X509Certificate[] {
  const chain = [signer];
  for (let current = signer; ; ) {
    const issuer = certificates.find((candidate) => !chain.includes(candidate) && current.checkIssued(candidate) && current.verify(candidate.publicKey));
    if (!issuer) return chain;
    chain.push(issuer);
    current = issuer;
  }
}
