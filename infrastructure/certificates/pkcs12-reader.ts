import { createPrivateKey, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { UnreadableCertificateError, type CertificateBundle } from '../../application/ports/certificate-toolkit.ts';

const { oids } = forge.pki;

/** The private key and the chain of a PKCS#12 (.p12/.pfx) file, the certificate of the key first. */
export function readPkcs12(bytes: Buffer, password: string): CertificateBundle {
  const p12 = open(bytes, password);
  const keys = [...(p12.getBags({ bagType: oids.pkcs8ShroudedKeyBag })[oids.pkcs8ShroudedKeyBag] ?? []), ...(p12.getBags({ bagType: oids.keyBag })[oids.keyBag] ?? [])];
  if (keys.length === 0) throw new UnreadableCertificateError('the PKCS#12 file holds no private key');
  if (!keys[0].key) throw new UnreadableCertificateError('the private key in the PKCS#12 file is not an RSA key (DIAN signs with RSA)');
  const privateKeyPem = forge.pki.privateKeyToPem(keys[0].key);
  const certificates = (p12.getBags({ bagType: oids.certBag })[oids.certBag] ?? []).map((bag) => {
    if (!bag.cert) throw new UnreadableCertificateError('a certificate in the PKCS#12 file is not an RSA certificate');
    return new X509Certificate(forge.pki.certificateToPem(bag.cert));
  });
  if (certificates.length === 0) throw new UnreadableCertificateError('the PKCS#12 file holds no certificate');
  const privateKey = createPrivateKey(privateKeyPem);
  const signer = certificates.find((certificate) => certificate.checkPrivateKey(privateKey));
  if (!signer) throw new UnreadableCertificateError('the private key in the PKCS#12 file does not match any of its certificates');
  return { privateKeyPem, chainPem: chainFrom(signer, certificates).map((certificate) => certificate.toString()) };
}

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
    const message = error instanceof Error ? error.message : String(error);
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
