import { expect } from 'chai';
import { createServer, request as httpRequest, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gatherArrivals } from '../../../api/http/gather-arrivals.ts';
import type { ArrivalGathering } from '../../../application/event-sourcing/arrival-gathering.ts';

describe('gatherArrivals: the HTTP server reports each request to the arrival gathering', () => {
  let server: Server;
  let port: number;
  const events: Array<[string, object]> = [];

  before(async () => {
    server = createServer((request, response) => {
      events.push(['app', request.socket]);
      response.end('ok');
    });
    const recorder = {
      requestStarted: (source: object) => events.push(['started', source]),
      requestFinished: (source: object) => events.push(['finished', source]),
    } as unknown as ArrivalGathering;
    gatherArrivals(server, recorder);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (agent: Agent) =>
    new Promise<string>((resolve, reject) => {
      httpRequest({ port, host: '127.0.0.1', path: '/', agent }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve(body));
      })
        .on('error', reject)
        .end();
    });

  it('given two requests on one kept-alive connection, then each starts before the app sees it and finishes after its answer, with the connection as its source', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent)).to.equal('ok');
      expect(await get(agent)).to.equal('ok');
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      agent.destroy();
    }
    expect(events.map(([name]) => name)).to.deep.equal(['started', 'app', 'finished', 'started', 'app', 'finished']);
    expect(new Set(events.map(([, source]) => source)).size, 'one connection, one source').to.equal(1);
  });
});
