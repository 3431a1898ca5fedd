import { expect } from 'chai';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { consoleRoutes } from '../../../api/console/console-routes.ts';
import { errorHandler } from '../../../api/http/error-handler.ts';
import { gatedByPath } from '../../../api/http/path-gate.ts';

const INDEX = '<!doctype html><html lang="es-CO"><script type="module" src="/console/assets/console-ABC123.js"></script></html>';

async function serve(distDir: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const app = express();
  app.use(gatedByPath(consoleRoutes(distDir)));
  app.use((_req, res) => void res.status(418).send('not the console'));
  app.use(errorHandler(pino({ level: 'silent' }), '/errors'));
  const server: Server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function expectConsoleHeaders(headers: Headers): void {
  const policy = headers.get('content-security-policy') ?? '';
  expect(policy).to.include("default-src 'self'");
  expect(policy).to.include("script-src 'self'");
  expect(policy).to.include("frame-ancestors 'none'");
  expect(policy).to.not.include('unsafe-inline');
  expect(headers.get('x-content-type-options')).to.equal('nosniff');
  expect(headers.get('referrer-policy')).to.equal('no-referrer');
}

describe('The console’s routes (api/console)', () => {
  const root = mkdtempSync(join(tmpdir(), 'console-routes-'));
  const built = join(root, 'built');
  let server: Awaited<ReturnType<typeof serve>>;
  let missing: Awaited<ReturnType<typeof serve>>;

  before(async () => {
    mkdirSync(join(built, 'assets'), { recursive: true });
    writeFileSync(join(built, 'index.html'), INDEX);
    writeFileSync(join(built, 'assets', 'console-ABC123.js'), 'console.log("hola")');
    server = await serve(built);
    missing = await serve(join(root, 'never-built'));
  });
  after(async () => {
    await server.close();
    await missing.close();
    rmSync(root, { recursive: true, force: true });
  });

  for (const path of ['/console', '/console/', '/console/documentos', '/console/documentos/sales-invoices/0d4d7f1e-1c1e-4a3b-9f00-000000000001']) {
    it(`given a build, when GET ${path}, then the index page, never cached, with the strict headers`, async () => {
      const response = await fetch(`${server.baseUrl}${path}`);

      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      expect(response.headers.get('cache-control')).to.equal('no-cache');
      expectConsoleHeaders(response.headers);
      expect(await response.text()).to.equal(INDEX);
    });
  }

  it('given a build, when GET a hashed asset, then the file, cached for a year as immutable', async () => {
    const response = await fetch(`${server.baseUrl}/console/assets/console-ABC123.js`);

    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^(text|application)\/javascript/);
    expect(response.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expectConsoleHeaders(response.headers);
    expect(await response.text()).to.equal('console.log("hola")');
  });

  it('given a build, when GET an asset that does not exist, then a 404 problem, not the index page', async () => {
    const response = await fetch(`${server.baseUrl}/console/assets/console-OLD.js`);

    expect(response.status).to.equal(404);
    expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(await response.json()).to.include({ code: 'not_found', detail: 'the console has no asset /console/assets/console-OLD.js' });
  });

  it('given no build, when GET /console, then a 503 problem saying how to build it, with no stack trace', async () => {
    const response = await fetch(`${missing.baseUrl}/console/operaciones`);
    const body = await response.json();

    expect(response.status).to.equal(503);
    expect(response.headers.get('retry-after')).to.equal('30');
    expect(body).to.include({ status: 503, code: 'console_not_built', title: 'Console not built' });
    expect(body.detail).to.include('node scripts/build-console.mjs');
    expect(JSON.stringify(body)).to.not.match(/at \w+ \(|\.ts:\d+/);
  });

  it('given no build, when GET an asset, then the same 503 problem', async () => {
    const response = await fetch(`${missing.baseUrl}/console/assets/console-ABC123.js`);

    expect(response.status).to.equal(503);
    expect((await response.json()).code).to.equal('console_not_built');
  });

  it('given paths outside the console, then the console’s routes let them pass', async () => {
    for (const path of ['/consoles', '/v1/me', '/']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).to.equal(418);
      expect(response.headers.get('content-security-policy'), path).to.equal(null);
    }
  });
});
