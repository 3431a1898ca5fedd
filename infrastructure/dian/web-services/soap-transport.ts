import { BodyTooLargeError, readBoundedText } from '../../http/bounded-body.ts';
import { DianUnavailableError } from './dian-web-services.ts';
import { soapAction } from './soap-namespaces.ts';

/** The most bytes a reply may have: DIAN's own maxReceivedMessageSize (reference §1). */
export const DIAN_MAX_MESSAGE_BYTES = 10_485_760;

export interface SoapTransportOptions {
  timeoutMs: number;
  fetch: typeof fetch;
  maxResponseBytes: number;
}

/** What came back: the HTTP status and the body as text (UTF-8). */
export interface SoapHttpReply {
  status: number;
  statusText: string;
  contentType: string;
  body: string;
}

/** Errors before the request could leave: DIAN cannot have seen it. Anything else may have reached DIAN. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_HAS_EXPIRED', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT']);

/**
 * POSTs a SOAP 1.2 message with the operation's action in the Content-Type, and reads the reply within `timeoutMs`
 * (headers and body) and `maxResponseBytes`. Transport failures become DianUnavailableError: timed out or dropped after
 * sending → `timedOut: true` (DIAN may have acted), refused or unresolvable → `timedOut: false`.
 */
export async function postSoap(endpoint: string, operation: string, envelope: string, options: SoapTransportOptions): Promise<SoapHttpReply> {
  const where = `DIAN ${operation} at ${endpoint}`;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException(`no answer within ${options.timeoutMs} ms`, 'TimeoutError')), options.timeoutMs);
  try {
    const response = await options.fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': `application/soap+xml;charset=UTF-8;action="${soapAction(operation)}"` },
      body: Buffer.from(envelope, 'utf8'),
      signal: abort.signal,
    });
    const body = await readBoundedText(response, options.maxResponseBytes);
    return { status: response.status, statusText: response.statusText, contentType: response.headers.get('content-type') ?? '', body };
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new DianUnavailableError(`${where}: ${error.message}`, true, 'response too large');
    if (abort.signal.aborted) throw new DianUnavailableError(`${where}: no answer within ${options.timeoutMs} ms`, true);
    throw transportFailure(where, error);
  } finally {
    clearTimeout(timer);
  }
}

function transportFailure(where: string, error: unknown): DianUnavailableError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  const reason = cause?.message ?? (error as Error).message ?? String(error);
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  const what = notSent ? 'could not connect' : 'the connection failed while the request was out, DIAN may have received it';
  return new DianUnavailableError(`${where}: ${what} (${code ? `${code}: ` : ''}${reason})`, !notSent, code);
}
