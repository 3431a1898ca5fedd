import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { NS } from './namespaces.ts';

/** What the double reads from a SOAP 1.2 request envelope (namespace-aware). */
export interface SoapRequest {
  document: Document;
  /** Local name of the body's first element, e.g. `SendBillSync`. */
  bodyOperation: string;
  /** Children of the operation element in the wcf namespace, by local name. */
  params: Record<string, string>;
  action: string | null;
  to: { value: string; id: string | null } | null;
  timestamp: { created: string; expires: string; id: string | null } | null;
  /** The BinarySecurityToken as PEM. */
  certificatePem: string | null;
  /** The URIs of the WS-Security signature's SignedInfo references. */
  signedReferences: string[];
  hasSecuritySignature: boolean;
}

/** Parses XML namespace-aware, throwing on any well-formedness error. */
export function parseXmlStrict(xml: string): Document {
  const errors: string[] = [];
  const document = new DOMParser({ onError: (level, message) => { if (level !== 'warning') errors.push(message); } }).parseFromString(xml, 'application/xml');
  if (errors.length > 0 || !document.documentElement) throw new Error(errors[0] ?? 'no root element');
  return document;
}

export function childElements(parent: Element): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) out.push(node as Element);
  return out;
}

export function firstChild(parent: Element, ns: string, localName: string): Element | null {
  return childElements(parent).find((element) => element.namespaceURI === ns && element.localName === localName) ?? null;
}

/** The first descendant with that namespace and local name. */
export function descendant(root: Element | Document, ns: string, localName: string): Element | null {
  const found = root.getElementsByTagNameNS(ns, localName);
  return found.length > 0 ? found[0] : null;
}

function pemOf(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** Throws with a message naming what is missing when the text is not a SOAP 1.2 envelope with a body operation. */
export function parseSoapRequest(xml: string): SoapRequest {
  const document = parseXmlStrict(xml);
  const envelope = document.documentElement!;
  if (envelope.namespaceURI !== NS.soap || envelope.localName !== 'Envelope') throw new Error(`root is {${envelope.namespaceURI}}${envelope.localName}, not a SOAP 1.2 Envelope`);
  const header = firstChild(envelope, NS.soap, 'Header');
  const body = firstChild(envelope, NS.soap, 'Body');
  if (!body) throw new Error('the envelope has no soap:Body');
  const operation = childElements(body)[0];
  if (!operation) throw new Error('the soap:Body is empty');
  const params: Record<string, string> = {};
  for (const element of childElements(operation)) if (element.namespaceURI === NS.wcf) params[element.localName!] = element.textContent ?? '';

  const security = header ? firstChild(header, NS.wsse, 'Security') : null;
  const toElement = header ? firstChild(header, NS.wsa, 'To') : null;
  const actionElement = header ? firstChild(header, NS.wsa, 'Action') : null;
  const timestampElement = security ? firstChild(security, NS.wsu, 'Timestamp') : null;
  const token = security ? firstChild(security, NS.wsse, 'BinarySecurityToken') : null;
  const signature = security ? firstChild(security, NS.ds, 'Signature') : null;
  const signedInfo = signature ? firstChild(signature, NS.ds, 'SignedInfo') : null;
  return {
    document,
    bodyOperation: operation.namespaceURI === NS.wcf ? operation.localName! : `{${operation.namespaceURI}}${operation.localName}`,
    params,
    action: actionElement?.textContent?.trim() ?? null,
    to: toElement ? { value: (toElement.textContent ?? '').trim(), id: toElement.getAttributeNS(NS.wsu, 'Id') || null } : null,
    timestamp: timestampElement
      ? {
          created: firstChild(timestampElement, NS.wsu, 'Created')?.textContent ?? '',
          expires: firstChild(timestampElement, NS.wsu, 'Expires')?.textContent ?? '',
          id: timestampElement.getAttributeNS(NS.wsu, 'Id') || null,
        }
      : null,
    certificatePem: token?.textContent ? pemOf(token.textContent) : null,
    signedReferences: signedInfo ? childElements(signedInfo).filter((element) => element.localName === 'Reference').map((element) => element.getAttribute('URI') ?? '') : [],
    hasSecuritySignature: signature !== null,
  };
}
