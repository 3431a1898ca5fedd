import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Verification {
  status: number | null;
  output: string;
}

const scratch = mkdtempSync(join(tmpdir(), 'xmlsec-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
let files = 0;

/**
 * `xmlsec1 --verify` as the reference (§13) runs it: the certificate from ds:KeyInfo, the Id attributes of KeyInfo and
 * SignedProperties declared, and the issuer given as trusted (so the chain is checked, not only the cryptography).
 */
export function xmlsecVerify(xml: string, trustedPem: string): Verification {
  files += 1;
  const document = join(scratch, `signed-${files}.xml`);
  const trusted = join(scratch, `trusted-${files}.pem`);
  writeFileSync(document, xml);
  writeFileSync(trusted, trustedPem);
  const run = spawnSync(
    'xmlsec1',
    ['--verify', '--id-attr:Id', 'http://www.w3.org/2000/09/xmldsig#:KeyInfo', '--id-attr:Id', 'http://uri.etsi.org/01903/v1.3.2#:SignedProperties', '--trusted-pem', trusted, document],
    { encoding: 'utf8' },
  );
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The first certificate of ds:KeyInfo as PEM. */
export function keyInfoCertificatePem(xml: string): string {
  const base64 = /<ds:KeyInfo[^>]*><ds:X509Data><ds:X509Certificate>([^<]+)</.exec(xml)?.[1];
  if (!base64) throw new Error('no ds:KeyInfo certificate in the XML');
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}
