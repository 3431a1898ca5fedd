import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../api/http/json-body.ts';
import { operatorKey } from '../../support/company-profile-fixtures.ts';
import { http, type HttpAnswer } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { appendsNothing, BASE, expectProblem, newIdempotencyKey } from '../../support/api-test-helpers.ts';

/** `levels` arrays, each the only item of the one around it: `[[[]]]` is 3. */
const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('JSON request bodies nested too deeply (api/http/json-body)', () => {
  describe('nestsDeeperThan', () => {
    it('given values up to the limit, then false; one level more, then true', () => {
      expect(nestsDeeperThan(JSON.parse(nestedArrays(3)), 3)).to.equal(false);
      expect(nestsDeeperThan(JSON.parse(nestedArrays(4)), 3)).to.equal(true);
      expect(nestsDeeperThan({ a: { b: [1, 'x', null] } }, 3)).to.equal(false);
      expect(nestsDeeperThan({ a: { b: [1, { c: true }] } }, 3)).to.equal(true);
    });

    it('given the deep branch after shallow ones (in an array or under any key, __proto__ too), then it is found', () => {
      expect(nestsDeeperThan([1, [], { a: 1 }, [[[]]]], 3)).to.equal(true);
      expect(nestsDeeperThan(JSON.parse('{"a":1,"__proto__":{"b":{"c":{}}}}'), 3)).to.equal(true);
      expect(nestsDeeperThan(JSON.parse('{"a":1,"__proto__":{"b":{}}}'), 3)).to.equal(false);
    });

    it('given a value that is not an array or object, then false whatever the limit', () => {
      for (const value of [null, 1, 'text', true, undefined]) expect(nestsDeeperThan(value, 0)).to.equal(false);
      expect(nestsDeeperThan([], 0)).to.equal(true);
    });
  });

  describe('over HTTP, on every parser of the service', () => {
    let app: TestApp;
    let tenant: TestTenant;
    let admin: string;

    before(async () => {
      app = await startTestApp({}, { workers: false });
      tenant = await app.createTenant();
      admin = await operatorKey(app);
    });
    after(() => app.close());

    const refused = (send: () => Promise<HttpAnswer>) => appendsNothing(app, send);

    const send = (method: string, path: string, rawBody: string, key = tenant.key) =>
      refused(() => http(app.baseUrl, method, path, { key, rawBody, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newIdempotencyKey() } }));

    /** The sample invoice with one unknown field holding arrays nested so that the whole body nests `levels` deep. */
    const invoiceNesting = (levels: number) => JSON.stringify({ ...sampleInvoice(), extra: '@' }).replace('"@"', nestedArrays(levels - 1));

    function expectTooDeep(answer: HttpAnswer): void {
      const problem = expectProblem(answer, 400, 'malformed_json');
      expect(problem.detail).to.equal(`the body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`);
      expect(problem.errors).to.deep.equal([{ field: '(body)', message: `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep` }]);
    }

    it('given an invoice nested exactly to the limit, then the depth passes and the schema names the unknown field (422)', async () => {
      const problem = expectProblem(await send('POST', BASE, invoiceNesting(MAX_JSON_DEPTH)), 422, 'validation_failed');

      expect(problem.errors.map((error: { field: string }) => error.field)).to.include('extra');
    });

    it('given an invoice one level deeper than the limit, then 400 malformed_json names the limit', async () => {
      expectTooDeep(await send('POST', BASE, invoiceNesting(MAX_JSON_DEPTH + 1)));
    });

    // The integrations face hashed such a body for its idempotency before reading it: the walk overflowed the stack (500).
    for (const action of ['finalize', 'issue']) {
      it(`given 5,000 nested arrays on POST /v1/invoices/{id}/${action}, then 400 malformed_json, not 500`, async () => {
        expectTooDeep(await send('POST', `/v1/invoices/${randomUUID()}/${action}`, nestedArrays(5_000)));
      });
    }

    it('given 5,000 nested arrays on POST /v1/messages, then 400 JSON_INVALIDO (the messages face)', async () => {
      const { key } = await app.createKey(tenant.tenantId, ['messages:send']);
      const answer = await send('POST', '/v1/messages', nestedArrays(5_000), key);

      expectTooDeep(answer);
      expect(answer.body.codigo).to.equal('JSON_INVALIDO');
    });

    it('given a profile nested too deeply on PATCH /admin/v1/tenants/{id}, then 400 malformed_json', async () => {
      const body = `{"profile":{"phone":${nestedArrays(MAX_JSON_DEPTH)}}}`;

      expectTooDeep(await send('PATCH', `/admin/v1/tenants/${tenant.tenantId}`, body, admin));
    });

    it('given 100,000 nested arrays (200 KB, within the size limit), then 400 malformed_json, and the service still answers', async () => {
      expectTooDeep(await send('POST', BASE, nestedArrays(100_000)));
      expect((await http(app.baseUrl, 'POST', BASE, { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': newIdempotencyKey() } })).status).to.equal(202);
    });
  });
});
