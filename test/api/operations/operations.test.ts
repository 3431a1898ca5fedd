import { expect } from 'chai';
import { ERROR_CODES } from '../../../api/http/error-codes.ts';
import { http } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { BASE, createInvoice, expectProblem } from '../../support/api-test-helpers.ts';

describe('Operations: health, OpenAPI, docs, error codes, unknown routes', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  /** A body that claims gzip but is not: the body parser's own 400, outside the JSON and size errors. */
  async function corruptGzipPost() {
    const response = await fetch(`${app.baseUrl}${BASE}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.key}`, 'Idempotency-Key': 'abcdefgh-3', 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: 'not gzip at all',
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
  }

  it('given the service is up, when GET /health without a key, then 200 ok', async () => {
    const answer = await http(app.baseUrl, 'GET', '/health');

    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({ status: 'ok' });
  });

  it('given the workers caught up, when GET /health/ready, then 200 listing the documents and submission subscriptions with state and position', async () => {
    await createInvoice(app, tenant.key);
    await app.settle();

    const answer = await http(app.baseUrl, 'GET', '/health/ready');

    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body.status).to.equal('ready');
    expect(answer.body.stores).to.deep.equal({ eventStore: 'ok', readModels: 'ok' });
    const byName = Object.fromEntries((answer.body.subscriptions as Array<Record<string, any>>).map((s) => [s.name, s]));
    expect(Object.keys(byName)).to.include.members(['documents', 'submission']);
    for (const name of ['documents', 'submission']) {
      expect(byName[name].state).to.equal('running');
      expect(byName[name].position).to.match(/^\d+$/);
      expect(Number(byName[name].position)).to.be.greaterThan(0);
      expect(byName[name].lag).to.equal('0');
      expect(byName[name].error).to.equal(null);
    }
  });

  it('given workers that never started, when GET /health/ready, then 503 not_ready while /health stays 200', async () => {
    const idle = await startTestApp({}, { workers: false });
    try {
      const ready = await http(idle.baseUrl, 'GET', '/health/ready');
      expect(ready.status).to.equal(503);
      expect(ready.body.status).to.equal('not_ready');
      expect((await http(idle.baseUrl, 'GET', '/health')).status).to.equal(200);
    } finally {
      await idle.close();
    }
  });

  it('given GET /openapi.json, then an OpenAPI 3.1.0 document with the sales-invoice paths and operations', async () => {
    const answer = await http(app.baseUrl, 'GET', '/openapi.json');

    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.match(/^application\/json/);
    const doc = answer.body;
    expect(doc.openapi).to.equal('3.1.0');
    expect(doc.info.version).to.equal('1.8.0');
    expect(doc.paths[BASE]).to.have.keys('post', 'get');
    expect(doc.paths[`${BASE}/{id}`]).to.include.keys('get', 'delete');
    expect(doc.paths[BASE].post.responses).to.include.keys('202', '401', '403', '409', '422');
    expect(doc.paths[`${BASE}/{id}`].delete.responses).to.include.keys('200', '401', '403', '404', '409', '422');
    const idempotency = doc.paths[BASE].post.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
    expect(idempotency).to.include({ in: 'header', required: true });
    expect(idempotency.schema.minLength).to.equal(8);
    const perPage = doc.paths[BASE].get.parameters.find((p: { name: string }) => p.name === 'per_page');
    expect(perPage.schema).to.include({ minimum: 1, maximum: 100, default: 25 });
    const status = doc.paths[BASE].get.parameters.find((p: { name: string }) => p.name === 'status');
    expect(status.schema.enum).to.deep.equal(['pending', 'sent', 'validated', 'rejected', 'failed', 'cancelled']);
    expect(doc.security).to.deep.equal([{ ApiKeyAuth: [] }]);
    expect(doc.components.securitySchemes).to.have.key('ApiKeyAuth');
  });

  it('given GET /docs, then HTML that loads only local assets, and every asset it references answers 200', async () => {
    const page = await http(app.baseUrl, 'GET', '/docs');

    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    const references = [...page.text.matchAll(/(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]);
    expect(references.length).to.be.greaterThan(0);
    expect(references.filter((ref) => /^(https?:)?\/\//i.test(ref)), 'no CDN or external URL').to.deep.equal([]);
    expect(page.text).to.not.match(/https?:\/\//i);
    for (const ref of references) {
      const asset = await fetch(new URL(ref, `${app.baseUrl}/docs`));
      expect(asset.status, ref).to.equal(200);
      expect((await asset.arrayBuffer()).byteLength, ref).to.be.greaterThan(0);
    }
    expect(references.some((ref) => ref.endsWith('.css'))).to.equal(true);
    expect(references.some((ref) => ref.endsWith('.js'))).to.equal(true);
  });

  it('given GET /errors, then every stable code is listed with its HTTP status, anchored by the code', async () => {
    const answer = await http(app.baseUrl, 'GET', '/errors');

    expect(answer.status).to.equal(200);
    for (const { code, status } of ERROR_CODES) {
      expect(answer.text).to.contain(`id="${code}"`);
      expect(answer.text).to.match(new RegExp(`id="${code}"><td><code>${code}</code></td><td>${status}</td>`));
    }
  });

  it('given the problems the API answers, then each type points at an anchor that /errors lists', async () => {
    const errorsPage = (await http(app.baseUrl, 'GET', '/errors')).text;
    const answers = [
      await http(app.baseUrl, 'GET', BASE),
      await http(app.baseUrl, 'GET', `${BASE}?per_page=0`, { key: tenant.key }),
      await http(app.baseUrl, 'GET', `${BASE}/3f2504e0-4f89-41d3-9a0c-0305e82c3301`, { key: tenant.key }),
      await http(app.baseUrl, 'POST', BASE, { key: tenant.key, body: {} }),
      await http(app.baseUrl, 'POST', BASE, { key: tenant.key, rawBody: '{', headers: { 'Idempotency-Key': 'abcdefgh-1' } }),
      await http(app.baseUrl, 'POST', BASE, { key: tenant.key, rawBody: 'x', headers: { 'Idempotency-Key': 'abcdefgh-2', 'Content-Type': 'text/plain' } }),
      await http(app.baseUrl, 'GET', '/no/such/route'),
      await corruptGzipPost(),
    ];
    for (const answer of answers) {
      const problem = expectProblem(answer, answer.status);
      const anchor = String(problem.type).split('#')[1];
      expect(problem.type).to.equal(`/errors#${problem.code}`);
      expect(errorsPage, `code ${anchor}`).to.contain(`id="${anchor}"`);
    }
  });

  it('given an unknown route, then 404 not_found as a problem naming the method and path', async () => {
    const problem = expectProblem(await http(app.baseUrl, 'GET', '/invoices/v2/sales-invoices'), 404, 'not_found');

    expect(problem.detail).to.contain('GET /invoices/v2/sales-invoices');
    expect(problem.instance.startsWith('/invoices/v2/sales-invoices')).to.equal(true);
  });

  it('given an unknown sub-path of the sales-invoice family with a valid key, then 404 problem', async () => {
    const accepted = await createInvoice(app, tenant.key);

    expectProblem(await http(app.baseUrl, 'GET', `${BASE}/${accepted.id}/nothing-here`, { key: tenant.key }), 404, 'not_found');
    expectProblem(await http(app.baseUrl, 'PUT', `${BASE}/${accepted.id}`, { key: tenant.key, body: {} }), 404, 'not_found');
  });

  it('given any answer, then it carries an X-Request-Id that the problem instance ends with', async () => {
    const answer = await http(app.baseUrl, 'GET', '/nowhere');

    const requestId = answer.headers.get('x-request-id');
    expect(requestId).to.be.a('string').and.not.equal('');
    expect(answer.body.instance).to.equal(`/nowhere#${requestId}`);
    expect(answer.headers.get('x-powered-by')).to.equal(null);
  });
});
