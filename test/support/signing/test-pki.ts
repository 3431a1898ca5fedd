import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A root CA and a leaf it issued, made with openssl, and the leaf's PKCS#12 (key, leaf, root). */
export interface TestPki {
  dir: string;
  rootPem: string;
  rootFile: string;
  leafPem: string;
  leafKeyPem: string;
  p12: Buffer;
  p12File: string;
  password: string;
  /** Decimal. */
  leafSerial: string;
  remove(): void;
}

/**
 * Serials stay below 2^63: a real ECD's serial has up to 39 digits, and xmllint's XSD check cannot read integers of
 * more than 24 digits, so ds:X509SerialNumber would fail the XSD check while being valid. Small serials keep both the
 * XSD check and the signature check meaningful.
 */
export function makeTestPki(options: { leafDays?: number; leafSerial?: bigint; password?: string } = {}): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'test-pki-'));
  const file = (name: string) => join(dir, name);
  const password = options.password ?? 'clave de prueba';
  const leafSerial = options.leafSerial ?? 4_242_424_242n;
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('root.key'), '-out', file('root.pem'), '-days', '3650', '-set_serial', '1001',
    '-subj', '/C=CO/O=ECD de prueba/CN=Raiz de prueba', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('leaf.key'), '-out', file('leaf.csr'), '-subj', '/C=CO/O=HALLTEC S.A.S./serialNumber=900825759/CN=HALLTEC S.A.S.');
  writeFileSync(file('leaf.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n');
  openssl('x509', '-req', '-in', file('leaf.csr'), '-CA', file('root.pem'), '-CAkey', file('root.key'), '-set_serial', leafSerial.toString(), '-days', String(options.leafDays ?? 365),
    '-extfile', file('leaf.ext'), '-out', file('leaf.pem'));
  openssl('pkcs12', '-export', '-inkey', file('leaf.key'), '-in', file('leaf.pem'), '-certfile', file('root.pem'), '-out', file('cert.p12'), '-passout', `pass:${password}`);
  return {
    dir,
    rootPem: readFileSync(file('root.pem'), 'utf8'),
    rootFile: file('root.pem'),
    leafPem: readFileSync(file('leaf.pem'), 'utf8'),
    leafKeyPem: readFileSync(file('leaf.key'), 'utf8'),
    p12: readFileSync(file('cert.p12')),
    p12File: file('cert.p12'),
    password,
    leafSerial: leafSerial.toString(),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
