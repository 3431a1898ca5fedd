import express, { Router } from 'express';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { openApiDocument } from '../openapi/openapi-document.ts';
import { ERROR_CODES } from '../http/error-codes.ts';
import { REFERENCE_PAGE_HEADERS } from '../http/security-headers.ts';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>E-invoicing API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** /openapi.json, the docs page with its assets served from this process (no CDN), and the error-code page. */
export function docsRoutes(): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  router.get('/docs', (_req, res) => {
    res.set(REFERENCE_PAGE_HEADERS).type('html').send(DOCS_PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send("window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui' });");
  });
  router.use('/docs/assets', express.static(swaggerUiDir, { index: false, maxAge: '1h' }));
  router.get('/errors', (_req, res) => {
    const rows = ERROR_CODES.map(
      ({ code, status, meaning }) => `<tr id="${code}"><td><code>${code}</code></td><td>${status}</td><td>${escapeHtml(meaning)}</td></tr>`,
    ).join('\n');
    res.set(REFERENCE_PAGE_HEADERS).type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error codes</title></head>
<body><h1>Error codes</h1><table><thead><tr><th>code</th><th>HTTP</th><th>meaning</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`);
  });
  return router;
}
