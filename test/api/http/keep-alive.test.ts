import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { expect } from 'chai';
import { KEEP_ALIVE_TIMEOUT_MS, keepConnectionsOpen } from '../../../api/http/keep-alive.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keepConnectionsOpen', () => {
  it('keeps idle connections longer than the idle timeout of common load balancers (60 s), headers timeout above it', () => {
    const server = createServer();
    keepConnectionsOpen(server);
    expect(KEEP_ALIVE_TIMEOUT_MS).to.be.greaterThan(60_000);
    expect(server.keepAliveTimeout).to.equal(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).to.be.greaterThan(server.keepAliveTimeout);
  });

  it('given an idle keep-alive connection, then the service keeps it for the timeout it was given, and closes it after', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    keepConnectionsOpen(server, 1_500);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    try {
      let closedAt: number | undefined;
      socket.once('close', () => (closedAt = Date.now()));
      const answered = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(await answered).to.match(/^HTTP\/1\.1 200/);
      const idleFrom = Date.now();
      await sleep(300);
      expect(closedAt).to.equal(undefined);
      await sleep(2_700);
      expect(closedAt).to.be.a('number');
      expect(closedAt! - idleFrom).to.be.at.least(1_400);
    } finally {
      socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
