import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { Router, type RequestHandler } from 'express';
import { expect } from 'chai';
import { gatedByPath, pathPrefixesOf } from '../../../api/http/path-gate.ts';

describe('gatedByPath (routers entered only by paths they could match)', () => {
  it('derives the literal prefix of every route and mounted path, into routers mounted at the root', () => {
    const inner = Router();
    inner.get('/admin/v1/tenants/:tenantId', (_req, res) => res.end());
    const router = Router();
    router.use('/admin', (_req, _res, next) => next());
    router.use(inner);
    router.get('/Docs/', (_req, res) => res.end());
    router.post('/invoices/v1/sales-invoices/:id/events/:number/xml', (_req, res) => res.end());
    router.get('/files/*path', (_req, res) => res.end());

    expect(pathPrefixesOf(router)).to.deep.equal(['/admin', '/admin/v1/tenants/', '/docs', '/invoices/v1/sales-invoices/', '/files/']);
  });

  it('answers null (always entered) for a router with a middleware or route that may take any path', () => {
    const anyPath = Router();
    anyPath.get('/health', (_req, res) => res.end());
    anyPath.use((_req, _res, next) => next());
    const root = Router();
    root.get('/', (_req, res) => res.end());
    const pattern = Router();
    pattern.get(/^\/x/, (_req, res) => res.end());

    expect(pathPrefixesOf(anyPath)).to.equal(null);
    expect(pathPrefixesOf(root)).to.equal(null);
    expect(pathPrefixesOf(pattern)).to.equal(null);
  });

  describe('mounted in an app', () => {
    let server: Server;
    let base: string;
    const entered: string[] = [];

    before(async () => {
      const app = express();
      app.use(gatedByPath(watchedRouter('health', (router) => router.get('/health', (_req, res) => res.send('health')))));
      app.use(gatedByPath(watchedRouter('events', (router) => router.get('/invoices/v1/sales-invoices/:id/events', (req, res) => res.send(`events of ${req.params.id}`)))));
      app.use(gatedByPath(watchedRouter('documents', (router) => router.post('/invoices/v1/sales-invoices', (_req, res) => res.status(202).send('created')))));
      app.use((_req, res) => res.status(404).send('none'));
      server = app.listen(0);
      await new Promise((resolve) => server.once('listening', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise((resolve) => server.close(resolve)));
    beforeEach(() => entered.splice(0));

    /** A router with its routes built by `build`, recording each request that is let into it. */
    function watchedRouter(name: string, build: (router: Router) => void): RequestHandler {
      const router = Router();
      build(router);
      const enter: RequestHandler = (req, res, next) => {
        entered.push(name);
        router(req, res, next);
      };
      return Object.assign(enter, { stack: router.stack });
    }

    it('takes a request only into the router whose paths can match it', async () => {
      const answer = await fetch(`${base}/invoices/v1/sales-invoices`, { method: 'POST' });
      expect(answer.status).to.equal(202);
      expect(await answer.text()).to.equal('created');
      expect(entered).to.deep.equal(['documents']);
    });

    it('compares ignoring case and allows a trailing slash, as express routes do', async () => {
      expect(await (await fetch(`${base}/HEALTH/`)).text()).to.equal('health');
      expect(await (await fetch(`${base}/Invoices/v1/Sales-Invoices/abc/events`)).text()).to.equal('events of abc');
      expect(entered).to.deep.equal(['health', 'events']);
    });

    it('passes a path no router has on to what follows', async () => {
      const answer = await fetch(`${base}/nothing/here`);
      expect(answer.status).to.equal(404);
      expect(entered).to.deep.equal([]);
    });
  });
});
