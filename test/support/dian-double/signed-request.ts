/**
 * Test-side requests for the DIAN double, built without the product's SOAP client: a WS-Security template of reference
 * dian-webservices.md §2 signed by `xmlsec1 --sign` (it fills DigestValue and SignatureValue), and ZIPs made with fflate.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { ACTION_PREFIX, escapeXml, NS } from './namespaces.ts';

export interface RequestSigner {
  keyPem: string;
  certificatePem: string;
}

export interface EnvelopeOptions {
  url: string;
  operation: string;
  /** wcf: parameters in order; Buffers are base64-encoded (contentFile). */
  params: [string, string | Buffer][];
  signer: RequestSigner;
  /** wsa:Action; default the operation's. */
  action?: string;
  /** wsa:To; default `url`. */
  to?: string;
  /** When the Timestamp was created; default now. Expires 5 minutes later. */
  created?: Date;
  /** Sign wsa:To (default true); false signs only the Timestamp. */
  signTo?: boolean;
}

const X509V3 = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3';
const B64BIN = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';

function template(options: EnvelopeOptions): string {
  const created = options.created ?? new Date();
  const expires = new Date(created.getTime() + 5 * 60_000);
  const token = new X509Certificate(options.signer.certificatePem).raw.toString('base64');
  const referenced = options.signTo === false ? 'TS-1' : 'ID-1';
  const body = options.params.map(([name, value]) => `<wcf:${name}>${escapeXml(Buffer.isBuffer(value) ? value.toString('base64') : value)}</wcf:${name}>`).join('');
  return `<soap:Envelope xmlns:soap="${NS.soap}" xmlns:wcf="${NS.wcf}"><soap:Header xmlns:wsa="${NS.wsa}">`
    + `<wsse:Security xmlns:wsse="${NS.wsse}" xmlns:wsu="${NS.wsu}">`
    + `<wsu:Timestamp wsu:Id="TS-1"><wsu:Created>${created.toISOString()}</wsu:Created><wsu:Expires>${expires.toISOString()}</wsu:Expires></wsu:Timestamp>`
    + `<wsse:BinarySecurityToken EncodingType="${B64BIN}" ValueType="${X509V3}" wsu:Id="X509-1">${token}</wsse:BinarySecurityToken>`
    + `<ds:Signature Id="SIG-1" xmlns:ds="${NS.ds}"><ds:SignedInfo>`
    + '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"><ec:InclusiveNamespaces PrefixList="wsa soap wcf" xmlns:ec="http://www.w3.org/2001/10/xml-exc-c14n#"/></ds:CanonicalizationMethod>'
    + '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>'
    + `<ds:Reference URI="#${referenced}"><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"><ec:InclusiveNamespaces PrefixList="soap wcf" xmlns:ec="http://www.w3.org/2001/10/xml-exc-c14n#"/></ds:Transform></ds:Transforms>`
    + '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue></ds:DigestValue></ds:Reference></ds:SignedInfo><ds:SignatureValue></ds:SignatureValue>'
    + `<ds:KeyInfo Id="KI-1"><wsse:SecurityTokenReference wsu:Id="STR-1"><wsse:Reference URI="#X509-1" ValueType="${X509V3}"/></wsse:SecurityTokenReference></ds:KeyInfo>`
    + '</ds:Signature></wsse:Security>'
    + `<wsa:Action>${escapeXml(options.action ?? `${ACTION_PREFIX}${options.operation}`)}</wsa:Action>`
    + `<wsa:To wsu:Id="ID-1" xmlns:wsu="${NS.wsu}">${escapeXml(options.to ?? options.url)}</wsa:To>`
    + `</soap:Header><soap:Body><wcf:${options.operation}>${body}</wcf:${options.operation}></soap:Body></soap:Envelope>`;
}

/** The signed envelope text, exactly as xmlsec1 wrote it. */
export function signedEnvelope(options: EnvelopeOptions): string {
  const dir = mkdtempSync(join(tmpdir(), 'dian-request-'));
  try {
    writeFileSync(join(dir, 'template.xml'), template(options));
    writeFileSync(join(dir, 'key.pem'), options.signer.keyPem);
    writeFileSync(join(dir, 'cert.pem'), options.signer.certificatePem);
    execFileSync('xmlsec1', ['--sign', '--privkey-pem', `${join(dir, 'key.pem')},${join(dir, 'cert.pem')}`,
      '--id-attr:Id', 'http://www.w3.org/2005/08/addressing:To',
      '--id-attr:Id', 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd:Timestamp',
      '--output', join(dir, 'signed.xml'), join(dir, 'template.xml')], { stdio: 'pipe' });
    return readFileSync(join(dir, 'signed.xml'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A ZIP of named entries (strings are written as UTF-8). */
export function zipOf(entries: Record<string, string | Buffer>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([name, content]) => [name, typeof content === 'string' ? Buffer.from(content, 'utf8') : content]))));
}

/** The HTTP answer of a POST, with the body as text; `timeoutMs` aborts and reports `timedOut`. */
export async function post(url: string, envelope: string, options: { action?: string; contentType?: string; timeoutMs?: number } = {}): Promise<{ status: number; body: string; contentType: string } | { timedOut: true } | { failed: string }> {
  const contentType = options.contentType ?? `application/soap+xml;charset=UTF-8;action="${options.action ?? ''}"`;
  try {
    const answer = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body: envelope, signal: AbortSignal.timeout(options.timeoutMs ?? 20_000) });
    return { status: answer.status, body: await answer.text(), contentType: answer.headers.get('content-type') ?? '' };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return { timedOut: true };
    return { failed: String((error as Error & { cause?: unknown }).cause ?? error) };
  }
}
