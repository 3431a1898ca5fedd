import { expect } from 'chai';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { BASE, expectProblem, newIdempotencyKey } from '../../support/api-test-helpers.ts';

/** A valid invoice of `count` lines of 10000.00 + IVA 19%. */
function invoiceWithLines(count: number): Record<string, any> {
  const body = sampleInvoice();
  body.items = Array.from({ length: count }, (_, n) => ({ ...body.items[0], code_reference: `PROD-${String(n).padStart(5, '0')}`, name: `Producto ${n}` }));
  body.payment_details[0].amount = (count * 11_900).toFixed(2);
  return body;
}

describe('Event size limit (EVENTSTORE_MAX_APPEND_BYTES)', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp({ EVENTSTORE_MAX_APPEND_BYTES: '65536' });
    tenant = await app.createTenant();
  });

  after(() => app.close());

  it('given a valid body under the body limit whose event would exceed the append limit, then 413 payload_too_large up front and nothing is appended', async () => {
    const body = invoiceWithLines(300);
    expect(JSON.stringify(body).length).to.be.lessThan(app.config.bodyLimitBytes);
    const head = await app.container.eventStore.headPosition();

    const answer = await http(app.baseUrl, 'POST', BASE, { key: tenant.key, body, headers: { 'Idempotency-Key': newIdempotencyKey() } });

    const problem = expectProblem(answer, 413, 'payload_too_large');
    expect(problem.detail).to.contain('65536');
    expect(await app.container.eventStore.headPosition()).to.equal(head);
  });

  it('given a document under the append limit, then it is accepted as before', async () => {
    const answer = await http(app.baseUrl, 'POST', BASE, { key: tenant.key, body: invoiceWithLines(20), headers: { 'Idempotency-Key': newIdempotencyKey() } });
    expect(answer.status).to.equal(202);
  });
});
