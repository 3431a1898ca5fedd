import { X509Certificate } from 'node:crypto';
import type { CertificateToolkit } from '../../application/ports/certificate-toolkit.ts';
import type { CertificateFacts } from '../../domain/certificates/stored-certificate.ts';
import { rfc4514 } from '../signing/certificate-identity.ts';
import { readPkcs12 } from './pkcs12-reader.ts';
import { generateTestCertificate } from './test-certificate.ts';

/** node-forge reads PKCS#12 and writes test certificates; node:crypto describes certificates. */
export const nodeCertificateToolkit: CertificateToolkit = {
  readPkcs12,
  generateTestCertificate,
  factsOf(certificatePem: string): CertificateFacts {
    const certificate = new X509Certificate(certificatePem);
    return {
      subject: rfc4514(certificate.subject),
      issuer: rfc4514(certificate.issuer),
      serialNumber: BigInt(`0x${certificate.serialNumber}`).toString(10),
      validFrom: new Date(certificate.validFrom).toISOString(),
      validTo: new Date(certificate.validTo).toISOString(),
      fingerprint: certificate.fingerprint256,
    };
  },
};
