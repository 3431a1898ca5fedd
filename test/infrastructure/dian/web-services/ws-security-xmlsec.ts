import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WSU = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';

/**
 * Reference dian-webservices.md §2's self-check, with the Timestamp's Id declared too:
 * `xmlsec1 --verify --id-attr:Id '{WSA}:To' --id-attr:Id '{WSU}:Timestamp' --pubkey-cert-pem cert.pem envelope.xml`.
 */
export function xmlsecVerifyEnvelope(envelope: string, certificatePem: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ws-security-'));
  try {
    writeFileSync(join(dir, 'envelope.xml'), envelope);
    writeFileSync(join(dir, 'cert.pem'), certificatePem);
    const run = spawnSync(
      'xmlsec1',
      ['--verify', '--id-attr:Id', 'http://www.w3.org/2005/08/addressing:To', '--id-attr:Id', `${WSU}:Timestamp`, '--pubkey-cert-pem', 'cert.pem', 'envelope.xml'],
      { cwd: dir, encoding: 'utf8' },
    );
    if (run.error) throw run.error;
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
