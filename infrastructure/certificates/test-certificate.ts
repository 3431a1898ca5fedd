import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { CertificateBundle } from '../../application/ports/certificate-toolkit.ts';

const generateRsa = promisify(generateKeyPair);
const YEAR_MS = 365.25 * 86_400_000;

/**
 * A self-signed RSA-2048 certificate naming the company and saying it is a test certificate, valid from 10 years
 * before `now` to 20 years after (any document of the test environment falls inside). Its serial is below 2^63, so
 * xmllint's XSD check (integers of at most 24 digits) can read ds:X509SerialNumber.
 */
export async function generateTestCertificate(company: { nit: string; legalName: string }, now: Date): Promise<CertificateBundle> {
  const { publicKey, privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  certificate.serialNumber = serialBelow2To63();
  certificate.validity.notBefore = new Date(now.getTime() - 10 * YEAR_MS);
  certificate.validity.notAfter = new Date(now.getTime() + 20 * YEAR_MS);
  const name = [
    { shortName: 'C', value: 'CO' },
    { shortName: 'O', value: company.legalName },
    { shortName: 'OU', value: 'Certificado de prueba; no válido ante la DIAN' },
    { name: 'serialNumber', value: company.nit },
    { shortName: 'CN', value: `${company.legalName} (prueba)` },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { privateKeyPem: privateKey, chainPem: [forge.pki.certificateToPem(certificate)] };
}

/** 8 random bytes with the top bit cleared: positive, below 2^63, and never zero. */
function serialBelow2To63(): string {
  const bytes = randomBytes(8);
  bytes[0] = (bytes[0] & 0x7f) | 0x01;
  return bytes.toString('hex');
}
