import { expect } from 'chai';
import { startIntegrationApp, type IntegrationApp, type TestTenant } from '../../support/invoice-management/integration-app.ts';
import { createDraft, get, issue, issuedInvoice, transmittedInvoice, untilStatus } from '../../support/invoice-management/invoice-steps.ts';
import { expectSeedProblem } from '../../support/invoice-management/problems.ts';

describe('Integrations: GET /v1/invoices/{id}/pdf and /xml', () => {
  let app: IntegrationApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startIntegrationApp();
    tenant = await app.createTenant();
  });
  after(async () => {
    app.provider.release();
    await app.close();
  });

  it('given a validated invoice, then its PDF and its XML (with the CUFE), and the invoice links to both', async () => {
    const invoice = await transmittedInvoice(app, tenant.key);

    const pdf = await get(app, tenant.key, `/v1/invoices/${invoice.id}/pdf`);
    const xml = await get(app, tenant.key, `/v1/invoices/${invoice.id}/xml`);

    expect(pdf.status, pdf.text.slice(0, 200)).to.equal(200);
    expect(pdf.headers.get('content-type')).to.match(/^application\/pdf/);
    expect(pdf.text.startsWith('%PDF')).to.equal(true);
    expect(xml.status, xml.text.slice(0, 200)).to.equal(200);
    expect(xml.headers.get('content-type')).to.match(/xml/);
    expect(xml.text).to.contain(invoice.cufe);
    expect(invoice.links).to.deep.equal({ self: `/v1/invoices/${invoice.id}`, pdf: `/v1/invoices/${invoice.id}/pdf`, xml: `/v1/invoices/${invoice.id}/xml` });
  });

  it('given invoices never transmitted or not validated (draft, issued, transmitting, rejected), then 404 document_not_available', async () => {
    const draft = await createDraft(app, tenant.key);
    const issued = await issuedInvoice(app, tenant.key);
    const rejected = await transmittedInvoice(app, tenant.key, 'rejected');
    app.provider.holdSubmissions = true;
    try {
      const held = await issuedInvoice(app, tenant.key);
      await issue(app, tenant.key, held.id);
      await untilStatus(app, tenant.key, held.id, 'transmitting');

      for (const [status, id] of [['draft', draft.id], ['issued', issued.id], ['transmitting', held.id], ['rejected', rejected.id]]) {
        const path = `/v1/invoices/${id}/pdf`;
        expect(expectSeedProblem(await get(app, tenant.key, path), 404, 'document_not_available', path).detail, status).to.contain(status);
      }
    } finally {
      app.provider.release();
    }
  });
});
