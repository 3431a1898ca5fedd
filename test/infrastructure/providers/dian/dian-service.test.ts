import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { http } from '../../../support/http.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { dianResponse, ScriptedDianWebServices } from '../../../support/dian/scripted-dian-web-services.ts';
import { applicationResponseBase64 } from '../../../support/dian/dian-provider-fixtures.ts';

/** The whole service started with PROVIDER=dian, DIAN's web services scripted: configuration, wiring, HTTP answers. */
describe('The service with PROVIDER=dian', () => {
  let dian: ScriptedDianWebServices;
  let app: TestApp;
  let tenant: TestTenant;

  beforeEach(async () => {
    dian = new ScriptedDianWebServices();
    app = await startTestApp({ PROVIDER: 'dian', DIAN_URL: 'http://127.0.0.1:9/dian' }, { dianWebServices: dian });
    tenant = await app.createTenant();
  });

  afterEach(() => app.close());

  it('given an invoice, then DIAN validates it: its number and CUFE on the record, sent once to DIAN_URL, and the attached XML carries DIAN\'s answer', async () => {
    dian.on('sendBillSync', () => dianResponse({ xmlBase64Bytes: applicationResponseBase64('respuesta-dian-http') }));
    const created = await http(app.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': 'order-dian-0001' } });
    expect(created.status).to.equal(202);
    await app.settle();
    const record = await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${created.body.id}`, { key: tenant.key });
    expect(record.body).to.include({ status: 'validated', number: 'SETP990000000' });
    expect(record.body.cufe).to.match(/^[0-9a-f]{96}$/);
    const sends = dian.callsOf('sendBillSync');
    expect(sends).to.have.length(1);
    expect(sends[0].call.endpoint).to.equal('http://127.0.0.1:9/dian');
    const sent = Buffer.from(Object.values(unzipSync(sends[0].args[1] as Buffer))[0]).toString();
    expect(sent).to.contain(record.body.cufe).and.to.contain('<ds:SignatureValue');
    const attached = await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${created.body.id}/attached-xml`, { key: tenant.key });
    expect(attached.status).to.equal(200);
    expect(attached.text).to.contain('respuesta-dian-http');
  });
});
