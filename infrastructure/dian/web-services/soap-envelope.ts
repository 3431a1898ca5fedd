import { NS, WSS, soapAction } from './soap-namespaces.ts';

/** One child of the operation element: `<wcf:{name}>{value}</wcf:{name}>`. */
export interface OperationParameter {
  name: string;
  value: string;
}

/** The wsu:Id values of one message; a fresh suffix per message keeps them unique. */
export interface EnvelopeIds {
  timestamp: string;
  token: string;
  to: string;
  signature: string;
  keyInfo: string;
  tokenReference: string;
}

export interface UnsignedEnvelope {
  operation: string;
  /** The service URL, without `?wsdl`: the signed wsa:To. */
  to: string;
  ids: EnvelopeIds;
  created: Date;
  expires: Date;
  /** DER of the signing certificate, base64. */
  certificateBase64: string;
  parameters: OperationParameter[];
}

export function envelopeIds(suffix: string): EnvelopeIds {
  return {
    timestamp: `TS-${suffix}`,
    token: `X509-${suffix}`,
    to: `ID-${suffix}`,
    signature: `SIG-${suffix}`,
    keyInfo: `KI-${suffix}`,
    tokenReference: `STR-${suffix}`,
  };
}

/**
 * The SOAP 1.2 envelope of reference §2 before its signature: `soap` and `wcf` declared on the Envelope (exclusive
 * C14N's PrefixList names them), `wsa` on the Header, the Timestamp and BinarySecurityToken in wsse:Security, Action
 * and To after it. No whitespace between elements: what is signed is what is sent.
 */
export function unsignedEnvelope(envelope: UnsignedEnvelope): string {
  const { ids } = envelope;
  const body = envelope.parameters.map(({ name, value }) => `<wcf:${name}>${escapeXml(value)}</wcf:${name}>`).join('');
  return (
    `<soap:Envelope xmlns:soap="${NS.soap}" xmlns:wcf="${NS.wcf}">` +
    `<soap:Header xmlns:wsa="${NS.wsa}">` +
    `<wsse:Security xmlns:wsse="${NS.wsse}" xmlns:wsu="${NS.wsu}">` +
    `<wsu:Timestamp wsu:Id="${ids.timestamp}"><wsu:Created>${envelope.created.toISOString()}</wsu:Created><wsu:Expires>${envelope.expires.toISOString()}</wsu:Expires></wsu:Timestamp>` +
    `<wsse:BinarySecurityToken EncodingType="${WSS.base64Binary}" ValueType="${WSS.x509v3}" wsu:Id="${ids.token}">${envelope.certificateBase64}</wsse:BinarySecurityToken>` +
    `</wsse:Security>` +
    `<wsa:Action>${soapAction(envelope.operation)}</wsa:Action>` +
    `<wsa:To wsu:Id="${ids.to}" xmlns:wsu="${NS.wsu}">${escapeXml(envelope.to)}</wsa:To>` +
    `</soap:Header>` +
    `<soap:Body><wcf:${envelope.operation}>${body}</wcf:${envelope.operation}></soap:Body>` +
    `</soap:Envelope>`
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r/g, '&#xD;');
}
