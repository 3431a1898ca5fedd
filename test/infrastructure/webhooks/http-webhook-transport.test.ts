import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpWebhookTransport } from '../../../infrastructure/webhooks/http-webhook-transport.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server answering with `handler`; it counts connections and records each request. */
async function server(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; received: Received[]; connections: () => number; close(): Promise<void> }> {
  const received: Received[] = [];
  let connections = 0;
  const http: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res);
    });
  });
  http.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

const post = (transport: HttpWebhookTransport, url: string, timeoutMs = 5_000) =>
  transport.post({ url, headers: { 'content-type': 'application/json', 'webhook-id': 'evt_1' }, body: '{"id":"evt_1"}', timeoutMs });

describe('HttpWebhookTransport', () => {
  const servers: Array<{ close(): Promise<void> }> = [];
  const transports: HttpWebhookTransport[] = [];
  const open = async (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
    const opened = await server(handler);
    servers.push(opened);
    return opened;
  };
  const transport = (allowPrivate: boolean, extra: { maxResponseBytes?: number } = {}) => {
    const created = new HttpWebhookTransport({ allowPrivate, ...extra });
    transports.push(created);
    return created;
  };
  afterEach(async () => {
    for (const created of transports.splice(0)) await created.close();
    for (const opened of servers.splice(0)) await opened.close();
  });

  it('given a receiver answering 200, then it gets the POST with the headers and body, and the answer is recorded with an excerpt', async () => {
    const receiver = await open((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'));
    const answer = await post(transport(true), `${receiver.url}/hooks?x=1`);
    expect(answer).to.deep.include({ kind: 'answered', status: 200, excerpt: 'thanks' });
    expect(answer.durationMs).to.be.a('number').and.to.be.at.least(0);
    expect(receiver.received).to.have.length(1);
    expect(receiver.received[0]).to.deep.include({ method: 'POST', url: '/hooks?x=1', body: '{"id":"evt_1"}' });
    expect(receiver.received[0].headers).to.include({ 'content-type': 'application/json', 'webhook-id': 'evt_1', 'content-length': '14' });
  });

  it('given a redirect, then it is the answer (a failure to retry), and its target never receives anything', async () => {
    const target = await open((_req, res) => res.writeHead(200).end());
    const redirecting = await open((_req, res) => res.writeHead(302, { location: `${target.url}/elsewhere` }).end('moved'));
    const answer = await post(transport(true), redirecting.url);
    expect(answer).to.deep.include({ kind: 'answered', status: 302, excerpt: 'moved' });
    expect(target.received).to.have.length(0);
  });

  it('given a huge response, then reading stops at the cap and 1 KB is kept', async () => {
    let closed!: (finished: boolean) => void;
    const serverSide = new Promise<boolean>((resolve) => (closed = resolve));
    const chatty = await open((_req, res) => {
      res.writeHead(500);
      const chunk = Buffer.alloc(16 * 1024, 'a');
      let written = 0;
      const pump = () => {
        while (written < 10 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => closed(res.writableFinished));
      pump();
    });
    const answer = await post(transport(true, { maxResponseBytes: 64 * 1024 }), chatty.url);
    expect(answer).to.deep.include({ kind: 'answered', status: 500 });
    expect(answer.kind === 'answered' && answer.excerpt).to.equal('a'.repeat(1024));
    expect(await serverSide, 'the server could not send its 10 MB: the connection was dropped').to.equal(false);
  });

  it('given a receiver that does not answer, then the attempt ends at the timeout as unreachable', async () => {
    const silent = await open(() => undefined);
    const answer = await post(transport(true), silent.url, 150);
    expect(answer).to.deep.include({ kind: 'unreachable', error: 'timed out after 150 ms' });
  });

  it('given a closed port, then unreachable with the connection error', async () => {
    const gone = await open(() => undefined);
    const url = gone.url;
    await gone.close();
    const answer = await post(transport(true), url);
    expect(answer.kind).to.equal('unreachable');
    expect(answer.kind === 'unreachable' && answer.error).to.contain('ECONNREFUSED');
  });

  it('given private addresses not allowed, then 127.0.0.1 is refused before connecting: no connection reaches the server', async () => {
    const receiver = await open((_req, res) => res.writeHead(200).end());
    const answer = await post(transport(false), receiver.url);
    expect(answer).to.deep.include({ kind: 'unreachable' });
    expect(answer.kind === 'unreachable' && answer.error).to.equal('refused to connect to 127.0.0.1: 127.0.0.1 is a loopback address');
    expect(receiver.connections()).to.equal(0);
    expect(receiver.received).to.have.length(0);
    const v6 = await post(transport(false), `http://[::1]:${new URL(receiver.url).port}/`);
    expect(v6.kind === 'unreachable' && v6.error).to.equal('refused to connect to [::1]: ::1 is a loopback address');
  });

  it('given private addresses not allowed, then a name resolving to loopback is refused when the socket resolves it (DNS rebinding), with no connection', async () => {
    const receiver = await open((_req, res) => res.writeHead(200).end());
    const port = new URL(receiver.url).port;
    const answer = await post(transport(false), `http://localhost:${port}/hook`);
    expect(answer.kind).to.equal('unreachable');
    expect(answer.kind === 'unreachable' && answer.error).to.match(/^refused to connect to localhost: (127\.0\.0\.1|::1) is a loopback address$/);
    expect(receiver.connections()).to.equal(0);
  });

  it('given a scheme other than http(s), then unreachable naming it', async () => {
    const answer = await post(transport(true), 'ftp://example.com/x');
    expect(answer).to.deep.include({ kind: 'unreachable', error: 'ftp: URLs are not supported' });
  });
});
