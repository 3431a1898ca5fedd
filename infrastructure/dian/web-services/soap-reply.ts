import { DOMParser, type Element } from '@xmldom/xmldom';
import { DianUnavailableError } from './dian-web-services.ts';
import { NS } from './soap-namespaces.ts';
import type { SoapHttpReply } from './soap-transport.ts';
import { childElement } from './xml-elements.ts';

/** Gateways that answer for a backend that may have received the request. */
const MAY_HAVE_REACHED_DIAN = new Set([502, 504]);

/**
 * The `{Operation}Result` element of DIAN's reply, found by namespace (prefixes vary). A SOAP fault, an HTTP status
 * other than 200 (a 404 carrying the operation's response aside, as DIAN answers GetAcquirer), a body that is not a
 * SOAP 1.2 envelope, or an envelope without the result throws DianUnavailableError.
 */
export function soapResult(reply: SoapHttpReply, operation: string, where: string): Element {
  const body = soapBody(reply.body);
  const fault = body && childElement(body, 'Fault', NS.soap);
  if (fault) throw faultError(fault, reply.status, where);
  const response = body && childElement(body, `${operation}Response`, NS.wcf);
  if (reply.status !== 200 && !(reply.status === 404 && response)) {
    const status = `HTTP ${reply.status}${reply.statusText ? ` ${reply.statusText}` : ''}`;
    throw new DianUnavailableError(`${where}: DIAN answered ${status}${describeBody(reply)}`, MAY_HAVE_REACHED_DIAN.has(reply.status), String(reply.status));
  }
  if (!body) throw new DianUnavailableError(`${where}: the answer is not a SOAP 1.2 envelope${describeBody(reply)}`, true);
  const result = response && childElement(response, `${operation}Result`, NS.wcf);
  if (!result) throw new DianUnavailableError(`${where}: the SOAP answer has no ${operation}Response/${operation}Result`, true);
  return result;
}

function soapBody(text: string): Element | null {
  try {
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
    const root = document.documentElement;
    if (!root || root.localName !== 'Envelope' || root.namespaceURI !== NS.soap) return null;
    return childElement(root, 'Body', NS.soap);
  } catch {
    return null;
  }
}

function faultError(fault: Element, status: number, where: string): DianUnavailableError {
  const code = childElement(fault, 'Code', NS.soap);
  const value = code && childElement(code, 'Value', NS.soap)?.textContent?.trim();
  const subcodeElement = code && childElement(code, 'Subcode', NS.soap);
  const subcode = subcodeElement && childElement(subcodeElement, 'Value', NS.soap)?.textContent?.trim();
  const reasonElement = childElement(fault, 'Reason', NS.soap);
  const reason = (reasonElement && childElement(reasonElement, 'Text', NS.soap)?.textContent?.trim()) || 'no reason given';
  const codes = [value, subcode].filter(Boolean).join(' / ');
  return new DianUnavailableError(`${where}: SOAP fault (HTTP ${status}${codes ? `, ${codes}` : ''}): ${reason}`, false, subcode || value || String(status));
}

/** The kind and size of a body that is not DIAN's answer, never its content (an HTML page says nothing useful). */
function describeBody(reply: SoapHttpReply): string {
  const type = reply.contentType.split(';')[0].trim();
  return ` (${type || 'no content type'}, ${Buffer.byteLength(reply.body, 'utf8')} bytes)`;
}
