import express, { Router, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Problem } from '../http/problem.ts';
import { consoleHeaders } from './console-headers.ts';

/** Where scripts/build-console.mjs writes the console (gitignored; built by `npm start`, `npm test` and the image). */
export const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));

const notBuilt = () =>
  new Problem(503, 'console_not_built', 'Console not built', 'the web console has not been built on this installation; run `node scripts/build-console.mjs` (npm start does it) and reload', undefined, {
    'Retry-After': '30',
  });

/**
 * The web console: `/console` and every path under it answer its index.html (the client routes the rest), never
 * cached; `/console/assets/*` are the build's content-hashed files, cached for a year. A missing build answers a 503
 * problem, an unknown asset a 404 problem.
 */
export function consoleRoutes(distDir: string = CONSOLE_DIST): Router {
  const router = Router();
  const assets = join(distDir, 'assets');
  router.use('/console', consoleHeaders);
  router.use('/console/assets', express.static(assets, { index: false, immutable: true, maxAge: '365d', fallthrough: true, redirect: false }));
  router.get('/console/assets/*file', (req: Request) => {
    if (!existsSync(assets)) throw notBuilt();
    throw new Problem(404, 'not_found', 'Not found', `the console has no asset ${req.path}`);
  });
  router.get(['/console', '/console/*path'], async (_req: Request, res: Response) => {
    let page: Buffer;
    try {
      page = await readFile(join(distDir, 'index.html'));
    } catch {
      throw notBuilt();
    }
    res.status(200).set('Cache-Control', 'no-cache').type('html').send(page);
  });
  return router;
}
