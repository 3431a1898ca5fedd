import { expect } from 'chai';
import { http } from '../../../support/http.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { FactusDouble } from '../../../support/factus/double/factus-double.ts';

/** The whole service started with PROVIDER=factus against the double: configuration, wiring, HTTP answers. */
describe('The service with PROVIDER=factus', () => {
  let double: FactusDouble;
  let app: TestApp;
  let tenant: TestTenant;

  beforeEach(async () => {
    double = new FactusDouble();
    await double.start();
    app = await startTestApp(double.environment());
    tenant = await app.createTenant();
  });

  afterEach(async () => {
    await app.close();
    await double.close();
  });

  async function issueInvoice(): Promise<string> {
    const created = await http(app.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': 'order-factus-0001' } });
    expect(created.status).to.equal(202);
    await app.settle();
    return created.body.id;
  }

  it('given an invoice, then Factus validates it: its number and CUFE on the record; the PDF is Factus’s', async () => {
    const id = await issueInvoice();
    const record = await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${id}`, { key: tenant.key });
    expect(record.body).to.include({ status: 'validated', number: 'SETP99000551' });
    expect(record.body.cufe).to.match(/^[0-9a-f]{96}$/);
    expect(double.submissions()).to.deep.equal([id]);
    const pdf = await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${id}/pdf`, { key: tenant.key });
    expect(pdf.status).to.equal(200);
    expect(pdf.text).to.equal('%PDF-1.4 SETP99000551');
  });

  it('given Factus cannot serve a download, then 503 problem+json with Retry-After; DELETE of the validated invoice stays 409', async () => {
    const id = await issueInvoice();
    double.script('GET /v2/bills/SETP99000551/download-pdf', { status: 503 });
    const pdf = await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${id}/pdf`, { key: tenant.key });
    expect(pdf.status).to.equal(503);
    expect(pdf.headers.get('content-type')).to.contain('application/problem+json');
    expect(pdf.body).to.include({ status: 503, code: 'provider_unavailable' });
    expect(pdf.headers.get('retry-after')).to.match(/^\d+$/);
    const deleted = await http(app.baseUrl, 'DELETE', `/invoices/v1/sales-invoices/${id}`, { key: tenant.key });
    expect(deleted.status).to.equal(409);
  });
});
