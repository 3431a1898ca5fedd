import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openLoop } from '../../bench/open-loop.ts';
import type { OpenLoopSpec } from '../../bench/load-spec.ts';

type Answer = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A local server that reads each request's body, remembers what it received, then answers as `answer` says. */
async function serve(answer: Answer): Promise<{ server: Server; url: string; received: Array<{ key: string; body: string; auth: string }> }> {
  const received: Array<{ key: string; body: string; auth: string }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ key: String(request.headers['idempotency-key']), body, auth: String(request.headers.authorization) });
      answer(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/invoices/v1/sales-invoices`, received };
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const spec = (url: string, overrides: Partial<OpenLoopSpec> = {}): OpenLoopSpec => ({
  mode: 'open',
  url,
  body: JSON.stringify({ items: [{ description: 'x' }] }),
  headers: { authorization: 'Bearer test-key' },
  label: 'ol',
  outFile: '/dev/null',
  rate: 100,
  durationSeconds: 0.3,
  warmupRate: 50,
  warmupSeconds: 0.1,
  maxConnections: 16,
  lateMs: 100,
  ...overrides,
});

describe('bench open-loop client (undici)', () => {
  it('sends the warm-up and measured requests on schedule with their body, headers and own keys, and keeps the ids answered 202', async () => {
    let n = 0;
    const { server, url, received } = await serve((_request, _body, response) => {
      n += 1;
      // Every fifth answer is a refusal: counted by status, never an accepted id; a 202 whose body is not JSON has none.
      if (n === 3) response.writeHead(202, { 'content-type': 'application/json' }).end('not json');
      else if (n % 5 === 0) response.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"no"}');
      else response.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `doc-${n}` }));
    });
    try {
      const result = await openLoop(spec(url));
      expect(received).to.have.length(5 + 30);
      expect(new Set(received.map((r) => r.key)).size).to.equal(35);
      expect(received.every((r) => r.body === '{"items":[{"description":"x"}]}' && r.auth === 'Bearer test-key')).to.equal(true);
      expect(result).to.include({ rate: 100, sent: 30, answered: 30, errors: 0, late: 0 });
      expect(result.statusCodes).to.deep.equal({ 202: 30 - result.statusCodes[422], 422: result.statusCodes[422] });
      expect(result.statusCodes[422]).to.be.within(5, 7);
      expect(result.acceptedIds).to.have.length(result.statusCodes[202]);
      expect(result.acceptedIds.every((id) => /^doc-\d+$/.test(id))).to.equal(true);
      expect(result.warmupAcceptedIds.length + result.acceptedIds.length).to.equal(35 - 7 - 1);
      expect(result.measuredEndEpochMs - result.measuredStartEpochMs).to.be.at.least(250);
      expect(result.clientCpu.wallMs).to.be.greaterThan(0);
    } finally {
      await stop(server);
    }
  });

  it('counts a request as late when it waits for a connection past lateMs', async () => {
    // One connection, each answer 60 ms after its request: request k (every 10 ms) gets the connection ~50k ms late.
    const { server, url } = await serve((_request, _body, response) => {
      setTimeout(() => response.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"x"}'), 60);
    });
    try {
      const result = await openLoop(spec(url, { rate: 100, durationSeconds: 0.1, warmupSeconds: 0, maxConnections: 1, lateMs: 100 }));
      expect(result).to.include({ sent: 10, answered: 10, errors: 0 });
      // Requests 3–9 wait 150–450 ms (request 2 exactly 100, late too when the machine is slow); request 1 waits 50.
      expect(result.late).to.be.within(7, 9);
      expect(result.maxLateMs).to.be.within(400, 1_000);
    } finally {
      await stop(server);
    }
  });

  it('counts a request whose connection is cut before the answer as an error, not an answer', async () => {
    let n = 0;
    const { server, url } = await serve((request, _body, response) => {
      n += 1;
      if (n % 2 === 0) request.socket.destroy();
      else response.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"ok"}');
    });
    try {
      const result = await openLoop(spec(url, { rate: 50, durationSeconds: 0.2, warmupSeconds: 0 }));
      expect(result.sent).to.equal(10);
      expect(result.answered + result.errors).to.equal(10);
      expect(result.errors).to.be.within(4, 6);
      expect(result.statusCodes[202]).to.equal(result.answered);
    } finally {
      await stop(server);
    }
  });
});
