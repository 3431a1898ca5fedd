import { randomUUID } from 'node:crypto';
import { DIAN_OPERATIONS, type DianArguments } from './dian-operations.ts';
import type { DianCall, DianWebServices } from './dian-web-services.ts';
import { envelopeIds, unsignedEnvelope } from './soap-envelope.ts';
import { soapResult } from './soap-reply.ts';
import { DIAN_MAX_MESSAGE_BYTES, postSoap } from './soap-transport.ts';
import { securityTokenBase64, signEnvelope } from './ws-security-signer.ts';

export interface DianWebServicesOptions {
  /** No complete answer within this many milliseconds → DianUnavailableError with `timedOut: true`. */
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The Timestamp's Created; Expires is five minutes later. */
  clock?: () => Date;
  /** Larger answers are refused; DIAN's own message limit by default. */
  maxResponseBytes?: number;
}

/** A request DIAN would refuse for its size (reference §7): not worth sending, nor retrying. */
export class DianRequestTooLargeError extends Error {
  constructor(operation: string, bytes: number) {
    super(`DIAN ${operation}: the signed message has ${bytes} bytes, more than DIAN accepts (${DIAN_MAX_MESSAGE_BYTES}); send a smaller ZIP`);
    this.name = 'DianRequestTooLargeError';
  }
}

const TIMESTAMP_LIFETIME_MS = 5 * 60 * 1000;

/** DIAN's web services over SOAP 1.2 with WS-Addressing and a signed WS-Security header (reference §1–§3). */
export function createDianWebServices(options: DianWebServicesOptions): DianWebServices {
  const clock = options.clock ?? (() => new Date());
  const transport = { timeoutMs: options.timeoutMs, fetch: options.fetch ?? fetch, maxResponseBytes: options.maxResponseBytes ?? DIAN_MAX_MESSAGE_BYTES };

  async function invoke<K extends keyof DianWebServices>(method: K, call: DianCall, args: DianArguments<K>): Promise<Awaited<ReturnType<DianWebServices[K]>>> {
    const operation = DIAN_OPERATIONS[method];
    const endpoint = serviceUrl(call.endpoint);
    const ids = envelopeIds(randomUUID().replace(/-/g, ''));
    const created = clock();
    const envelope = unsignedEnvelope({
      operation: operation.name,
      to: endpoint,
      ids,
      created,
      expires: new Date(created.getTime() + TIMESTAMP_LIFETIME_MS),
      certificateBase64: securityTokenBase64(call.credentials),
      parameters: operation.parameters(...args),
    });
    const signed = signEnvelope(envelope, call.credentials.privateKeyPem, ids);
    const bytes = Buffer.byteLength(signed, 'utf8');
    if (bytes > DIAN_MAX_MESSAGE_BYTES) throw new DianRequestTooLargeError(operation.name, bytes);
    const reply = await postSoap(endpoint, operation.name, signed, transport);
    return operation.result(soapResult(reply, operation.name, `DIAN ${operation.name} at ${endpoint}`));
  }

  return {
    sendBillSync: (call, ...args) => invoke('sendBillSync', call, args),
    sendBillAsync: (call, ...args) => invoke('sendBillAsync', call, args),
    sendTestSetAsync: (call, ...args) => invoke('sendTestSetAsync', call, args),
    getStatus: (call, ...args) => invoke('getStatus', call, args),
    getStatusZip: (call, ...args) => invoke('getStatusZip', call, args),
    sendNominaSync: (call, ...args) => invoke('sendNominaSync', call, args),
    sendEventUpdateStatus: (call, ...args) => invoke('sendEventUpdateStatus', call, args),
    getNumberingRange: (call, ...args) => invoke('getNumberingRange', call, args),
    getXmlByDocumentKey: (call, ...args) => invoke('getXmlByDocumentKey', call, args),
  };
}

/** The endpoint as POST target and wsa:To: an http(s) URL without `?wsdl`. */
function serviceUrl(endpoint: string): string {
  const url = endpoint.trim().replace(/\?wsdl$/i, '');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`DIAN endpoint is not a URL: "${endpoint}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`DIAN endpoint must be http(s): "${endpoint}"`);
  return url;
}
