import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getsLoad } from '../../bench/gets-load.ts';
import type { GetKind } from '../../bench/load-spec.ts';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

async function serve(answer: Answer): Promise<{ server: Server; baseUrl: string; received: Array<{ url: string; auth: string }> }> {
  const received: Array<{ url: string; auth: string }> = [];
  const server = createServer((request, response) => {
    received.push({ url: String(request.url), auth: String(request.headers.authorization) });
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${port}`, received };
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const run = (baseUrl: string, kinds: GetKind[]) => getsLoad({ mode: 'gets', baseUrl, headers: { authorization: 'Bearer k' }, kinds, outFile: '/dev/null' });

describe('bench GETs client (the lists of goal 5)', () => {
  it('takes the paths in turn, then follows the keyset pages by their cursor, timing only the measured requests', async () => {
    const cursors: Record<string, string | null> = { '': 'c 1', 'c 1': 'c2', c2: null };
    const { server, baseUrl, received } = await serve((request, response) => {
      const url = new URL(String(request.url), 'http://x');
      if (url.pathname === '/list') return json(response, 200, { data: [], pagination: { total: 7 } });
      json(response, 200, { data: [], next_cursor: cursors[url.searchParams.get('cursor') ?? ''] });
    });
    try {
      const result = await run(baseUrl, [
        { kind: 'paths', warmUp: 1, paths: ['/list?a=1', '/list?a=2', '/list?a=3'], expectTotal: 7 },
        { kind: 'keyset', warmUp: 1, requests: 4, follow: '/pages?limit=2' },
      ]);
      expect(received.map((r) => r.url)).to.deep.equal([
        '/list?a=1',
        '/list?a=2',
        '/list?a=3',
        '/pages?limit=2',
        '/pages?limit=2&cursor=c%201',
        '/pages?limit=2&cursor=c2',
        '/pages?limit=2',
        '/pages?limit=2&cursor=c%201',
      ]);
      expect(received.every((r) => r.auth === 'Bearer k')).to.equal(true);
      expect(result.kinds.map((k) => [k.kind, k.times.length])).to.deep.equal([
        ['paths', 2],
        ['keyset', 4],
      ]);
    } finally {
      await stop(server);
    }
  });

  it("times each request to its body's last byte", async () => {
    const { server, baseUrl } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"data":[');
      setTimeout(() => response.end('],"pagination":{"total":1}}'), 80);
    });
    try {
      const result = await run(baseUrl, [{ kind: 'slow body', warmUp: 0, paths: ['/list'] }]);
      expect(result.kinds[0].times[0]).to.be.at.least(75);
    } finally {
      await stop(server);
    }
  });

  it("with metricsPath, gives each kind the service's own buckets of its measured requests, scraped before and after them", async () => {
    // A stand-in for the service's /metrics: its histogram counts every list request answered so far, the first three
    // within 1 ms and the rest over 25 ms.
    let answered = 0;
    const { server, baseUrl, received } = await serve((request, response) => {
      if (request.url === '/metrics') {
        const within = (le: string) => (le === '+Inf' ? answered : Math.min(answered, 3));
        const lines = ['0.001', '0.005', '0.01', '0.025', '+Inf'].map(
          (le) => `http_request_duration_seconds_bucket{le="${le}",method="GET",route="/list",status="200"} ${within(le)}`,
        );
        return response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\n'));
      }
      answered += 1;
      json(response, 200, { data: [] });
    });
    try {
      const result = await getsLoad({
        mode: 'gets',
        baseUrl,
        headers: {},
        kinds: [
          { kind: 'fast', warmUp: 1, paths: ['/list', '/list', '/list'] },
          { kind: 'slow', warmUp: 0, paths: ['/list', '/list'] },
        ],
        metricsPath: '/metrics',
        outFile: '/dev/null',
      });
      expect(received.map((r) => r.url)).to.deep.equal(['/list', '/metrics', '/list', '/list', '/metrics', '/metrics', '/list', '/list', '/metrics']);
      expect(result.kinds.map((k) => k.serviceBuckets)).to.deep.equal([
        { total: 2, within: [1, 5, 10, 25].map((leMs) => ({ leMs, count: 2 })) },
        { total: 2, within: [1, 5, 10, 25].map((leMs) => ({ leMs, count: 0 })) },
      ]);
    } finally {
      await stop(server);
    }
  });

  it('fails the run on an answer other than 200, with its status and body, and on a total other than expected', async () => {
    const { server, baseUrl } = await serve((request, response) => {
      if (request.url === '/broken') response.writeHead(503, { 'content-type': 'text/plain' }).end('store unreachable');
      else json(response, 200, { data: [], pagination: { total: 2 } });
    });
    try {
      const refused = await run(baseUrl, [{ kind: 'broken', warmUp: 0, paths: ['/broken'] }]).then(
        () => new Error('no error'),
        (error: Error) => error,
      );
      expect(refused.message).to.equal('GET /broken: 503 store unreachable');
      const miscounted = await run(baseUrl, [{ kind: 'number', warmUp: 0, paths: ['/list'], expectTotal: 1 }]).then(
        () => new Error('no error'),
        (error: Error) => error,
      );
      expect(miscounted.message).to.equal('GET /list: expected a total of 1, got {"total":2}');
    } finally {
      await stop(server);
    }
  });
});
