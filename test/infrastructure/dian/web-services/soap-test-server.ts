import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { DianCall } from '../../../../infrastructure/dian/web-services/dian-web-services.ts';
import { makeTestPki, type TestPki } from '../../../support/signing/test-pki.ts';

/** A request the client under test made. */
export interface CapturedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the server does with the next request: answer, never answer, or drop the connection after reading it. */
export type CannedAnswer = { status: number; body: string; contentType?: string } | 'hang' | 'reset';

/**
 * A node:http server in the test process standing in for DIAN's endpoint: it records every request and answers with
 * the answer set by `answer` (HTTP 200 SOAP by default). `close` drops open connections, so hung requests end too.
 */
export class SoapTestServer {
  readonly requests: CapturedRequest[] = [];
  private next: CannedAnswer = { status: 500, body: 'no answer set' };
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  private constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const answer = this.next;
        if (answer === 'hang') return;
        if (answer === 'reset') {
          request.socket.destroy();
          return;
        }
        response.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'application/soap+xml; charset=utf-8' });
        response.end(answer.body);
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  static async start(): Promise<SoapTestServer> {
    const server = new SoapTestServer();
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  /** The service URL, as DIAN's would be. */
  get endpoint(): string {
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('the test server is not listening');
    return `http://127.0.0.1:${address.port}/WcfDianCustomerServices.svc`;
  }

  answer(answer: CannedAnswer): this {
    this.next = answer;
    return this;
  }

  /** Answers HTTP 200 with a SOAP body. */
  soap(body: string): this {
    return this.answer({ status: 200, body });
  }

  get last(): CapturedRequest {
    const request = this.requests.at(-1);
    if (!request) throw new Error('the client sent no request');
    return request;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The server and a call signed with a fresh test PKI's leaf, set up before the suite's tests and closed after them. */
export interface SoapTestBench {
  server: SoapTestServer;
  call: DianCall;
  pki: TestPki;
}

export function useSoapTestBench(): SoapTestBench {
  const bench = {} as SoapTestBench;
  before(async () => {
    bench.pki = makeTestPki();
    bench.server = await SoapTestServer.start();
    bench.call = { endpoint: bench.server.endpoint, credentials: { privateKeyPem: bench.pki.leafKeyPem, chainPem: [bench.pki.leafPem] } };
  });
  after(async () => {
    await bench.server.close();
    bench.pki.remove();
  });
  return bench;
}
