import { dianResponseFields, type DianResponseFields } from './dian-response.ts';
import { ACTION_PREFIX, escapeXml, NS } from './namespaces.ts';

/** An HTTP answer of the double. */
export interface Reply {
  status: number;
  contentType: string;
  body: string;
}

const SOAP_TYPE = 'application/soap+xml; charset=utf-8';

function envelope(action: string, body: string, now: Date): string {
  const expires = new Date(now.getTime() + 5 * 60_000);
  return `<s:Envelope xmlns:s="${NS.soap}" xmlns:a="${NS.wsa}" xmlns:u="${NS.wsu}">`
    + `<s:Header><a:Action s:mustUnderstand="1">${escapeXml(action)}</a:Action><o:Security s:mustUnderstand="1" xmlns:o="${NS.wsse}">`
    + `<u:Timestamp u:Id="_0"><u:Created>${now.toISOString()}</u:Created><u:Expires>${expires.toISOString()}</u:Expires></u:Timestamp></o:Security></s:Header>`
    + `<s:Body>${body}</s:Body></s:Envelope>`;
}

/** `<{Op}Response xmlns="http://wcf.dian.colombia"><{Op}Result xmlns:b="{ns}" xmlns:i="…">{content}</{Op}Result></{Op}Response>` (reference §10). */
export function resultReply(operation: string, resultNamespace: string, content: string, now: Date): Reply {
  const body = `<${operation}Response xmlns="${NS.wcf}"><${operation}Result xmlns:b="${resultNamespace}" xmlns:i="${NS.xsi}">${content}</${operation}Result></${operation}Response>`;
  return { status: 200, contentType: SOAP_TYPE, body: envelope(`${ACTION_PREFIX}${operation}Response`, body, now) };
}

/** A DianResponse as the operation's result. */
export function dianResponseReply(operation: string, response: DianResponseFields, now: Date): Reply {
  return resultReply(operation, NS.dianResponse, dianResponseFields(response), now);
}

/** GetStatusZip: an array of b:DianResponse. */
export function statusZipReply(items: DianResponseFields[], now: Date): Reply {
  return resultReply('GetStatusZip', NS.dianResponse, items.map((item) => `<b:DianResponse>${dianResponseFields(item)}</b:DianResponse>`).join(''), now);
}

/**
 * A SOAP 1.2 fault, HTTP 500, with the WCF shape of reference §10: Code s:Sender, a Subcode such as `a:InvalidSecurity`
 * (`a` bound to the subcode's namespace), a Spanish-or-English Reason.
 */
export function faultReply(subcode: { prefix: string; namespace: string; name: string }, reason: string): Reply {
  const body = `<s:Fault><s:Code><s:Value>s:Sender</s:Value><s:Subcode><s:Value xmlns:${subcode.prefix}="${subcode.namespace}">${subcode.prefix}:${subcode.name}</s:Value></s:Subcode></s:Code>`
    + `<s:Reason><s:Text xml:lang="en-US">${escapeXml(reason)}</s:Text></s:Reason></s:Fault>`;
  const faultEnvelope = `<s:Envelope xmlns:s="${NS.soap}" xmlns:a="${NS.wsa}"><s:Header><a:Action s:mustUnderstand="1">http://www.w3.org/2005/08/addressing/soap/fault</a:Action></s:Header><s:Body>${body}</s:Body></s:Envelope>`;
  return { status: 500, contentType: SOAP_TYPE, body: faultEnvelope };
}

export const INVALID_SECURITY_REASON = 'An error occurred when verifying security for the message.';

/** The WS-Security fault: Subcode a:InvalidSecurity with a = the WSSE namespace. */
export function invalidSecurity(reason = INVALID_SECURITY_REASON): Reply {
  return faultReply({ prefix: 'a', namespace: NS.wsse, name: 'InvalidSecurity' }, reason);
}

/** wsa:Action and the body's operation disagree (SimpleOps, reference §10). */
export function internalServiceFault(detail: string): Reply {
  return faultReply({ prefix: 'a', namespace: 'http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher', name: 'InternalServiceFault' }, detail);
}

/** WCF's AddressFilter mismatch: wsa:To is not this endpoint. */
export function destinationUnreachable(to: string): Reply {
  return faultReply({ prefix: 'a', namespace: NS.wsa, name: 'DestinationUnreachable' },
    `The message with To '${to}' cannot be processed at the receiver, due to an AddressFilter mismatch at the EndpointDispatcher.  Check that the sender and receiver's EndpointAddresses agree.`);
}

/** The request is not a SOAP 1.2 envelope (shape UNCONFIRMED, reference §10): HTTP 400 with a Sender fault. */
export function malformed(detail: string): Reply {
  return { status: 400, contentType: SOAP_TYPE, body: `<s:Envelope xmlns:s="${NS.soap}"><s:Body><s:Fault><s:Code><s:Value>s:Sender</s:Value></s:Code><s:Reason><s:Text xml:lang="en-US">${escapeXml(detail)}</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>` };
}

/** WCF's answer to a SOAP 1.1 or other content type on a SOAP 1.2 binding: HTTP 415, no envelope. */
export function wrongContentType(contentType: string): Reply {
  return { status: 415, contentType: 'text/plain', body: `Cannot process the message because the content type '${contentType}' was not the expected type 'application/soap+xml; charset=utf-8'.` };
}

/** An IIS-style HTML 503 page: DIAN unavailable. */
export function unavailablePage(): Reply {
  return {
    status: 503,
    contentType: 'text/html; charset=us-ascii',
    body: '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN""http://www.w3.org/TR/html4/strict.dtd">\r\n<HTML><HEAD><TITLE>Service Unavailable</TITLE>\r\n'
      + '<META HTTP-EQUIV="Content-Type" Content="text/html; charset=us-ascii"></HEAD>\r\n<BODY><h2>Service Unavailable</h2>\r\n<hr><p>HTTP Error 503. The service is unavailable.</p>\r\n</BODY></HTML>\r\n',
  };
}
