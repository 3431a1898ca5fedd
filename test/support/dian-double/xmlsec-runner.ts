import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface XmlsecResult {
  ok: boolean;
  output: string;
}

const WSU_TIMESTAMP = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd:Timestamp';

/** Runs xmlsec1 on files written to a scratch directory that is removed afterwards (async: the client may share the process). */
async function xmlsec(args: (dir: string) => Promise<string[]>): Promise<XmlsecResult> {
  const dir = await mkdtemp(join(tmpdir(), 'dian-double-'));
  try {
    const argv = await args(dir);
    return await new Promise((resolve, reject) => {
      execFile('xmlsec1', argv, { encoding: 'utf8' }, (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ ok: !error, output: `${stdout}${stderr}` });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The WS-Security self-check of reference dian-webservices.md §2: the key from the BinarySecurityToken, wsa:To's and the
 * Timestamp's wsu:Id declared as Id attributes.
 */
export function verifyEnvelope(xml: string, certificatePem: string): Promise<XmlsecResult> {
  return xmlsec(async (dir) => {
    await writeFile(join(dir, 'envelope.xml'), xml);
    await writeFile(join(dir, 'token.pem'), certificatePem);
    return ['--verify', '--id-attr:Id', 'http://www.w3.org/2005/08/addressing:To', '--id-attr:Id', WSU_TIMESTAMP,
      '--pubkey-cert-pem', join(dir, 'token.pem'), join(dir, 'envelope.xml')];
  });
}

/**
 * The document's XAdES signature as reference dian-signature.md §13 checks it. With `trustedPem` the certificate of
 * ds:KeyInfo must chain to it; without, the KeyInfo certificate itself is trusted (`--insecure`: the cryptography and
 * every reference are still checked, the chain is not).
 */
export function verifyDocument(xml: string, trustedPem: string | null): Promise<XmlsecResult> {
  return xmlsec(async (dir) => {
    await writeFile(join(dir, 'document.xml'), xml);
    const trust = trustedPem ? ['--trusted-pem', join(dir, 'trusted.pem')] : ['--insecure'];
    if (trustedPem) await writeFile(join(dir, 'trusted.pem'), trustedPem);
    return ['--verify', '--id-attr:Id', 'http://www.w3.org/2000/09/xmldsig#:KeyInfo', '--id-attr:Id', 'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
      ...trust, join(dir, 'document.xml')];
  });
}
