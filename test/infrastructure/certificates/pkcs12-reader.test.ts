import { execFileSync } from 'node:child_process';
import { createSign, createVerify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { UnreadableCertificateError } from '../../../application/ports/certificate-toolkit.ts';
import { readPkcs12 } from '../../../infrastructure/certificates/pkcs12-reader.ts';

describe('readPkcs12: the keys node-forge cannot read itself', function () {
  this.timeout(30_000);
  let dir: string;
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });

  /** A PKCS#12 (password x) of a self-signed certificate over the key that `genpkey` makes with these arguments. */
  const pkcs12Of = (name: string, ...genpkey: string[]): Buffer => {
    const file = (suffix: string) => join(dir, `${name}.${suffix}`);
    openssl('genpkey', ...genpkey, '-out', file('key'));
    openssl('req', '-x509', '-key', file('key'), '-subj', `/CN=${name}`, '-days', '1', '-out', file('pem'));
    openssl('pkcs12', '-export', '-inkey', file('key'), '-in', file('pem'), '-passout', 'pass:x', '-out', file('p12'));
    return readFileSync(file('p12'));
  };

  before(() => (dir = mkdtempSync(join(tmpdir(), 'pkcs12-reader-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const primes of ['2', '3']) {
    it(`reads an RSA key of ${primes} primes, whose signatures its certificate verifies`, () => {
      const bundle = readPkcs12(pkcs12Of(`rsa${primes}`, '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-pkeyopt', `rsa_keygen_primes:${primes}`), 'x');

      const signature = createSign('sha256').update('factura').sign(bundle.privateKeyPem);

      expect(bundle.privateKeyPem).to.match(/^-----BEGIN RSA PRIVATE KEY-----/);
      expect(createVerify('sha256').update('factura').verify(bundle.chainPem[0], signature)).to.equal(true);
      expect(createVerify('sha256').update('factura!').verify(bundle.chainPem[0], signature)).to.equal(false);
    });
  }

  it('reads the chain of an RSA certificate whose CA signs with an EC key', () => {
    const file = (name: string) => join(dir, name);
    openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-384', '-nodes', '-keyout', file('ec-root.key'), '-subj', '/CN=EC root', '-days', '2', '-out', file('ec-root.pem'));
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('leaf.key'), '-subj', '/CN=HALLTEC S.A.S.', '-out', file('leaf.csr'));
    openssl('x509', '-req', '-in', file('leaf.csr'), '-CA', file('ec-root.pem'), '-CAkey', file('ec-root.key'), '-set_serial', '7', '-days', '1', '-out', file('leaf.pem'));
    openssl('pkcs12', '-export', '-inkey', file('leaf.key'), '-in', file('leaf.pem'), '-certfile', file('ec-root.pem'), '-passout', 'pass:x', '-out', file('leaf.p12'));

    const bundle = readPkcs12(readFileSync(file('leaf.p12')), 'x');

    expect(bundle.chainPem.map((pem) => new X509Certificate(pem).subject)).to.deep.equal(['CN=HALLTEC S.A.S.', 'CN=EC root']);
  });

  it('refuses an EC key, naming its kind', () => {
    let refused: unknown;
    try {
      readPkcs12(pkcs12Of('ec', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'), 'x');
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(UnreadableCertificateError);
    expect((refused as Error).message).to.equal('the private key in the PKCS#12 file is not an RSA key but EC (DIAN signs with RSA)');
  });
});
