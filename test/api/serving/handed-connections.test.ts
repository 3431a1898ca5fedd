import { expect } from 'chai';
import { Agent, createServer as createHttpServer, request } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { HandedConnections } from '../../../api/serving/handed-connections.ts';

describe('HandedConnections: an HTTP server serving connections accepted elsewhere (an HTTP process of a supervisor)', () => {
  let acceptor: Server;
  let connections: HandedConnections;
  let port: number;
  let release: () => void;
  const agent = new Agent({ keepAlive: true });

  beforeEach(async () => {
    let unblock: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (unblock = resolve));
    release = unblock;
    const server = createHttpServer({ connectionsCheckingInterval: 50 }, (req, res) => {
      if (req.url === '/slow') void blocked.then(() => res.end('slow answer'));
      else res.end('answer');
    });
    server.headersTimeout = 300;
    server.requestTimeout = 300;
    connections = new HandedConnections(server);
    acceptor = createServer({ pauseOnConnect: true }, (socket) => connections.take(socket));
    await new Promise<void>((resolve) => acceptor.listen(0, '127.0.0.1', resolve));
    port = (acceptor.address() as { port: number }).port;
  });

  afterEach(() => {
    release();
    agent.destroy();
    acceptor.close();
  });

  function get(path: string): Promise<{ status: number; body: string; connection: string | undefined }> {
    return new Promise((resolve, reject) => {
      request({ port, host: '127.0.0.1', path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('given requests on a handed connection, then they are answered, and the connection is kept for the next', async () => {
    expect(await get('/')).to.deep.include({ status: 200, body: 'answer', connection: 'keep-alive' });
    expect(await get('/')).to.deep.include({ status: 200, body: 'answer' });
  });

  it('given close while a request is in flight, then it waits for its answer, sent as the connection’s last, and idle connections close at once', async () => {
    const idle = connect(port, '127.0.0.1');
    idle.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => idle.once('data', resolve));
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    const slow = get('/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    let closed = false;
    const closing = connections.close().then(() => (closed = true));
    await idleClosed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed, 'closed before the answer in flight').to.equal(false);
    release();
    expect(await slow).to.deep.include({ status: 200, body: 'slow answer', connection: 'close' });
    await closing;
    expect(closed).to.equal(true);
  });

  it('given a client that never finishes its headers, then the server’s headers timeout ends the connection (408)', async () => {
    const client = connect(port, '127.0.0.1');
    client.write('GET / HTTP/1.1\r\nHost: x\r\n');
    let received = '';
    client.on('data', (chunk: Buffer) => (received += chunk.toString()));
    await new Promise((resolve) => client.once('close', resolve));
    expect(received).to.match(/^HTTP\/1\.1 408/);
  });
});
