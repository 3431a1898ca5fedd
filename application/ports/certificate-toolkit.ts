import type { CertificateFacts } from '../../domain/certificates/stored-certificate.ts';

/** A private key and its certificates, as read from a PKCS#12 file or generated. */
export interface CertificateBundle {
  /** PKCS#8 or PKCS#1 PEM. */
  privateKeyPem: string;
  /** PEM certificates: the one matching the key first, then the CAs that issued it, in order. */
  chainPem: string[];
}

/** Reads PKCS#12 files, generates self-signed test certificates and describes certificates. */
export interface CertificateToolkit {
  /** Throws an UnreadableCertificateError saying what is wrong: not PKCS#12, wrong password, no key, a key not RSA, key and certificate apart. */
  readPkcs12(bytes: Buffer, password: string): CertificateBundle;
  /** A self-signed RSA certificate for the company, with a serial below 2^63, valid for years around `now`. */
  generateTestCertificate(company: { nit: string; legalName: string }, now: Date): Promise<CertificateBundle>;
  factsOf(certificatePem: string): CertificateFacts;
}

/** A certificate file that cannot be used; the message names what is wrong with it. */
export class UnreadableCertificateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableCertificateError';
  }
}
