/**
 * DIAN's web services (WcfDianCustomerServices, reference dian-webservices.md §3–4) as this service calls them: SOAP 1.2
 * with WS-Addressing and a WS-Security header signed with the company's certificate. Every call names its endpoint
 * and the credentials that sign it; the answer is DIAN's data contract, parsed, not yet interpreted.
 *
 * Failures: a SOAP fault, an HTTP status other than 200 (DIAN's 404 of GetAcquirer aside), a body that is not a SOAP
 * envelope, or no answer within the timeout throw DianUnavailableError (a ProviderUnavailableError, so the submission's
 * durable retry and circuit breaker apply); `timedOut` says the request may have reached DIAN.
 */
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';

/** The company's certificate and key: WS-Security signs with them and DIAN reads the sender's NIT from the certificate. */
export interface DianCredentials {
  privateKeyPem: string;
  /** The signing certificate first, then its chain (only the first goes in the BinarySecurityToken). */
  chainPem: string[];
}

/** Where and as whom a call is made. */
export interface DianCall {
  /** The service URL, e.g. https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc (also the signed wsa:To). */
  endpoint: string;
  credentials: DianCredentials;
}

/** DianResponse (reference §4): the answer of SendBillSync, SendNominaSync, SendEventUpdateStatus, GetStatus, GetStatusZip items. */
export interface DianResponse {
  isValid: boolean;
  /** '00' validated, '99' rejected (rule 90 = already processed), '98' in process, '66' unknown, '89' refused, '500', '2', or '' (batch pending). */
  statusCode: string;
  statusDescription: string;
  statusMessage: string;
  /** ErrorMessage's strings as DIAN wrote them, e.g. `Regla: FAJ43b, Notificación: …` (see parseRuleLine). */
  errorMessages: string[];
  /** Base64 of DIAN's signed ApplicationResponse; null when absent or nil. */
  xmlBase64Bytes: string | null;
  xmlDocumentKey: string | null;
  xmlFileName: string | null;
}

/** One entry of UploadDocumentResponse.ErrorMessageList. */
export interface UploadProblem {
  documentKey: string | null;
  processedMessage: string;
  senderCode: string | null;
  success: boolean;
  xmlFileName: string | null;
}

/** The answer of SendTestSetAsync and SendBillAsync: a ZipKey to poll with GetStatusZip, or why the upload was refused. */
export interface UploadDocumentResponse {
  zipKey: string | null;
  problems: UploadProblem[];
}

/** One authorized range of NumberRangeResponseList (reference §4). */
export interface DianNumberRange {
  resolutionNumber: string;
  /** yyyy-MM-dd */
  resolutionDate: string;
  prefix: string;
  fromNumber: string;
  toNumber: string;
  validDateFrom: string;
  validDateTo: string;
  technicalKey: string;
}

export interface NumberRangeResponseList {
  /** '100' ok; 301, 302, 303, 401, 500, 89 as reference §4 lists. */
  operationCode: string;
  operationDescription: string;
  ranges: DianNumberRange[];
}

export interface NumberingRangeQuery {
  /** The issuer's NIT, without check digit. */
  accountCode: string;
  /** The NIT of the software's owner: the issuer's own for own software. */
  accountCodeT: string;
  softwareCode: string;
}

/** EventResponse of GetXmlByDocumentKey. */
export interface XmlByDocumentKey {
  code: string;
  message: string;
  xmlBytesBase64: string | null;
}

export interface DianWebServices {
  sendBillSync(call: DianCall, fileName: string, zip: Buffer): Promise<DianResponse>;
  sendBillAsync(call: DianCall, fileName: string, zip: Buffer): Promise<UploadDocumentResponse>;
  sendTestSetAsync(call: DianCall, fileName: string, zip: Buffer, testSetId: string): Promise<UploadDocumentResponse>;
  /** By CUFE/CUDE/CUNE (lower-case hex). */
  getStatus(call: DianCall, trackId: string): Promise<DianResponse>;
  /** By the ZipKey of an asynchronous upload: one item per document, or one batch-level item. */
  getStatusZip(call: DianCall, trackId: string): Promise<DianResponse[]>;
  sendNominaSync(call: DianCall, zip: Buffer): Promise<DianResponse>;
  sendEventUpdateStatus(call: DianCall, zip: Buffer): Promise<DianResponse>;
  getNumberingRange(call: DianCall, query: NumberingRangeQuery): Promise<NumberRangeResponseList>;
  getXmlByDocumentKey(call: DianCall, trackId: string): Promise<XmlByDocumentKey>;
}

/** DIAN could not be reached, faulted, or did not answer in time; the call may be retried (after asking, when timedOut). */
export class DianUnavailableError extends ProviderUnavailableError {
  constructor(
    message: string,
    /** No answer within DIAN_TIMEOUT_MS, or the connection dropped after the request left: DIAN may have acted on it. */
    readonly timedOut: boolean,
    /** The SOAP fault's subcode (e.g. `a:InvalidSecurity`) or the HTTP status, when there was one. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'DianUnavailableError';
  }
}

/** A line of ErrorMessage: `Regla: {code}, Rechazo: {text}` or `Regla: {code}, Notificación: {text}`. */
export interface RuleLine {
  code: string;
  kind: 'rejection' | 'notification';
  text: string;
}

/** Reads one ErrorMessage string; a line in neither form is a rejection under code `DIAN` with the whole text. */
export function parseRuleLine(line: string): RuleLine {
  const match = /^\s*Regla:\s*([^,]+),\s*(Rechazo|Notificaci[oó]n)\s*:\s*([\s\S]*)$/i.exec(line);
  if (!match) return { code: 'DIAN', kind: 'rejection', text: line.trim() };
  return { code: match[1].trim(), kind: /^rechazo$/i.test(match[2]) ? 'rejection' : 'notification', text: match[3].trim() };
}
