/**
 * A DIAN double for tests: an HTTP server in the test process that behaves like WcfDianCustomerServices (reference
 * dian-webservices.md §2–§10). It checks every request independently of the product's client (SOAP 1.2 envelope,
 * wsa:Action, the WS-Security signature with xmlsec1, wsa:To, Timestamp, ZIP and file names, the document's XAdES
 * signature), keeps DIAN's state (documents by unique code, rule 90, test sets, batches) and answers with DIAN-shaped
 * envelopes. Tests script each document's scenario and read back every request and check.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CheckList, type Check } from './checks.ts';
import { DocumentRegistry, type StoredDocument } from './document-registry.ts';
import { checkEnvelope } from './envelope-checks.ts';
import { SEND_OPERATIONS, type Operation } from './namespaces.ts';
import { handleQuery, type NumberingOptions } from './query-operations.ts';
import { emptyRecord, type RecordedRequest } from './recorded-request.ts';
import type { DocumentScript } from './scenarios.ts';
import { handleSend, type Outcome } from './send-operations.ts';
import { malformed, unavailablePage, wrongContentType } from './soap-replies.ts';
import { parseSoapRequest } from './soap-request.ts';
import { TestSets, type TestSetOptions, type TestSetState } from './test-sets.ts';

export interface DianDoubleOptions {
  /** The CA a document's KeyInfo certificate must chain to; default: the KeyInfo certificate is trusted as is. */
  trustedCaPem?: string;
  /** The FE test set; default id `DEFAULT_TEST_SET_ID`, one accepted Invoice, CreditNote and DebitNote. */
  testSet?: TestSetOptions;
  /** The payroll test set; default id `DEFAULT_PAYROLL_TEST_SET_ID`, one accepted NominaIndividual and NominaIndividualDeAjuste. */
  payrollTestSet?: TestSetOptions;
  /** GetStatusZip answers "Batch en proceso de validación." this many times per ZipKey first; default 1. */
  zipPendingPolls?: number;
  /** GetNumberingRange's NIT, software and ranges; default any NIT/software, the SETP range. */
  numbering?: NumberingOptions;
  /** The double's clock (Timestamp checks, answer times); default the real one. */
  now?: () => Date;
  /** The service path; default `/WcfDianCustomerServices.svc`. */
  path?: string;
}

export interface DianDouble {
  /** The endpoint to call (also the wsa:To a request must sign). */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Sets how each document is answered (undefined from the script → `validated`); `null` restores the default. */
  script(script: DocumentScript | null): void;
  /** During an outage every request is answered with an HTML 503 page (`true`/`'html'`) or its connection is destroyed (`'reset'`). */
  outage(mode: boolean | 'html' | 'reset'): void;
  /** How many send operations carried the document with this unique code. */
  sendsOf(key: string): number;
  /** Every failed check, with its request. */
  failedChecks(): { request: RecordedRequest; check: Check }[];
  /** The document DIAN holds under this unique code. */
  stored(key: string): StoredDocument | undefined;
  /** A test set's counts and status. */
  testSet(id: string): TestSetState | undefined;
  close(): Promise<void>;
}

export const DEFAULT_TEST_SET_ID = '2a9f0c3e-5b1d-4c7e-9f2a-6d8b0e4c1a73';
export const DEFAULT_PAYROLL_TEST_SET_ID = '7c41e2b8-0d6a-4f95-b3c2-19e8a5d7f604';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the double on a free port of 127.0.0.1. */
export async function startDianDouble(options: DianDoubleOptions = {}): Promise<DianDouble> {
  const registry = new DocumentRegistry();
  const testSets = new TestSets([
    options.testSet ?? { id: DEFAULT_TEST_SET_ID, required: { Invoice: 1, CreditNote: 1, DebitNote: 1 } },
    options.payrollTestSet ?? { id: DEFAULT_PAYROLL_TEST_SET_ID, required: { NominaIndividual: 1, NominaIndividualDeAjuste: 1 } },
  ], options.zipPendingPolls ?? 1);
  const clock = options.now ?? (() => new Date());
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let script: DocumentScript = () => undefined;
  let outage: false | 'html' | 'reset' = false;
  let url = '';

  async function answer(body: string, contentType: string, record: RecordedRequest): Promise<Outcome> {
    const checks = new CheckList();
    record.checks = checks.items;
    const now = clock();
    if (!checks.add('content-type', /^application\/soap\+xml\b/i.test(contentType), contentType || '(none)')) return { reply: wrongContentType(contentType) };
    let soap;
    try {
      soap = parseSoapRequest(body);
      checks.add('envelope', true);
    } catch (error) {
      checks.add('envelope', false, (error as Error).message);
      return { reply: malformed(`The request is not a SOAP 1.2 envelope: ${(error as Error).message}`) };
    }
    record.operation = soap.bodyOperation;
    record.action = soap.action;
    record.fileName = soap.params.fileName ?? null;
    record.trackId = soap.params.trackId ?? null;
    record.testSetId = soap.params.testSetId ?? null;
    const fault = await checkEnvelope(body, soap, url, now, checks);
    if (fault) return { reply: fault };
    const operation = soap.bodyOperation as Operation;
    if (SEND_OPERATIONS.includes(operation)) {
      return handleSend(operation, soap.params, { registry, testSets, script, trustedPem: options.trustedCaPem ?? null, now, record, checks });
    }
    return { reply: handleQuery(operation, soap.params, { registry, testSets, numbering: options.numbering ?? {}, now, record }) };
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const record = emptyRecord();
    requests.push(record);
    const body = await readBody(request);
    if (outage === 'reset') {
      record.httpStatus = 'reset';
      request.socket.destroy();
      return;
    }
    const outcome: Outcome = outage === 'html' ? { reply: unavailablePage() } : await answer(body, String(request.headers['content-type'] ?? ''), record);
    if ('hold' in outcome) {
      record.httpStatus = 'held';
      return;
    }
    record.httpStatus = outcome.reply.status;
    response.writeHead(outcome.reply.status, { 'content-type': outcome.reply.contentType });
    response.end(outcome.reply.body);
  }

  const server: Server = createServer((request, response) => {
    serve(request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`DIAN double failed: ${error.stack ?? error.message}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the DIAN double did not get a TCP port');
  url = `http://127.0.0.1:${address.port}${options.path ?? '/WcfDianCustomerServices.svc'}`;

  return {
    url,
    requests,
    script: (next) => { script = next ?? (() => undefined); },
    outage: (mode) => { outage = mode === true ? 'html' : mode; },
    sendsOf: (key) => requests.filter((request) => request.operation !== null && SEND_OPERATIONS.includes(request.operation as Operation)
      && request.documents.some((document) => document.uniqueCode === key)).length,
    failedChecks: () => requests.flatMap((request) => request.checks.filter((check) => !check.ok).map((check) => ({ request, check }))),
    stored: (key) => registry.get(key),
    testSet: (id) => testSets.state(id),
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
