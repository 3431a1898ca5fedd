import { expect } from 'chai';
import { validPayrollBody } from '../../domain/payroll/valid-payroll-body.ts';
import { adjustmentNoteBody, issueValidated, noteBody, supportDocumentBody, create, record } from '../../support/family-test-helpers.ts';
import { ADJUSTMENTS, PAYROLLS, issueValidated as issuePayroll } from '../../api/documents/payroll/payroll-test-helpers.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { startDianDouble, type DianDouble } from '../../support/dian-double/dian-double.ts';

/** Every document the double received, by unique code, with the checks it ran. */
function expectCleanSend(double: DianDouble, uniqueCode: string, fileName: RegExp): void {
  expect(double.failedChecks().map(({ check }) => `${check.name}: ${check.detail ?? ''}`)).to.deep.equal([]);
  expect(double.sendsOf(uniqueCode), uniqueCode).to.equal(1);
  const sent = double.requests.find((request) => request.documents.some((document) => document.uniqueCode === uniqueCode));
  expect(sent?.zipEntries, uniqueCode).to.have.length(1);
  expect(sent!.zipEntries[0]).to.match(fileName);
  expect(sent!.checks.map((check) => check.name)).to.include.members(['ws-security-signature', 'document-signature']);
}

describe('DIAN direct (PROVIDER=dian) against the DIAN double', function () {
  this.timeout(60_000);
  let double: DianDouble;
  let app: TestApp;
  let tenant: TestTenant;

  beforeEach(async () => {
    double = await startDianDouble();
    app = await startTestApp({ PROVIDER: 'dian', DIAN_URL: double.url, DIAN_TIMEOUT_MS: '3000' });
    tenant = await app.createTenant();
  });

  afterEach(async () => {
    await app.close();
    await double.close();
  });

  it('given one document of each family, then each goes from POST to validated through SOAP, signed twice (WS-Security and XAdES) and checked by the double, sent once', async () => {
    const invoice = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    expectCleanSend(double, invoice.cufe, /^fv\d{10}000\d{2}[0-9A-F]{8}\.xml$/);
    const credit = await issueValidated(app, 'credit-note', tenant.key, noteBody({ bill_number: invoice.number }));
    expectCleanSend(double, credit.cude, /^nc\d{10}000\d{2}[0-9A-F]{8}\.xml$/);
    const debit = await issueValidated(app, 'debit-note', tenant.key, noteBody({ concept: '2', bill_number: invoice.number }));
    expectCleanSend(double, debit.cude, /^nd\d{10}000\d{2}[0-9A-F]{8}\.xml$/);
    const support = await issueValidated(app, 'support-document', tenant.key, supportDocumentBody());
    expectCleanSend(double, support.cuds, /^ds\d{10}000\d{2}[0-9A-F]{8}\.xml$/);
    const adjustment = await issueValidated(app, 'adjustment-note', tenant.key, adjustmentNoteBody(support.number));
    expectCleanSend(double, adjustment.cuds ?? adjustment.cude, /^nas\d{10}000\d{2}[0-9A-F]{8}\.xml$/);
    const payroll = await issuePayroll(app, PAYROLLS, tenant.key, validPayrollBody());
    expectCleanSend(double, payroll.cune, /^nie\d{10}\d{2}[0-9A-F]{8}\.xml$/);
    const payrollAdjustment = await issuePayroll(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number, observation: 'Nómina emitida por error' });
    expectCleanSend(double, payrollAdjustment.cune, /^niae\d{10}\d{2}[0-9A-F]{8}\.xml$/);

    const operations = double.requests.map((request) => request.operation);
    expect(operations.filter((operation) => operation === 'SendBillSync')).to.have.length(5);
    expect(operations.filter((operation) => operation === 'SendNominaSync')).to.have.length(2);
    // The file consecutive is the company's: one per file sent, in upper-case hexadecimal.
    const consecutives = double.requests.map((request) => parseInt(request.zipEntries[0].slice(-12, -4), 16));
    expect(consecutives).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
  });

  it('given DIAN validates with notifications, then the record carries them as warnings and the attached XML holds DIAN\'s own ApplicationResponse', async () => {
    double.script(() => 'notifications');
    const invoice = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    expect(invoice.warnings.map((warning: { code: string }) => warning.code)).to.deep.equal(['FAJ43b']);
    const answer = Buffer.from(double.stored(invoice.cufe)!.answer.xmlBase64Bytes!, 'base64').toString('utf8');
    const responseId = /<cbc:UUID[^>]*>([^<]+)<\/cbc:UUID>/.exec(answer)![1];
    const attached = await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${invoice.id}/attached-xml`, { key: tenant.key });
    expect(attached.status).to.equal(200);
    expect(attached.text).to.contain(responseId).and.to.contain('FAJ43b');
    const zip = await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${invoice.id}/zip`, { key: tenant.key });
    expect(zip.status).to.equal(200);
  });

  it('given DIAN rejects the invoice, then the record is rejected with every rule DIAN gave, and the number goes to the next invoice', async () => {
    double.script((document) => (document.type === 'Invoice' && double.requests.length <= 1 ? 'rejected' : undefined));
    const accepted = await create(app, 'sales-invoice', tenant.key, sampleInvoice());
    await app.settle();
    const rejected = await record(app, 'sales-invoice', tenant.key, accepted.id);
    expect(rejected.status).to.equal('rejected');
    expect(rejected.errors.map((error: { code: string }) => error.code)).to.deep.equal(['FAK24', 'FAJ43b']);
    expect(rejected.errors[0].message).to.match(/^Regla: FAK24, Rechazo: /);
    const next = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    expect(next.number).to.equal(double.requests[0].number);
  });

  it('given DIAN already holds the invoice ("Regla: 90"), then it ends validated as GetStatus reports, with one send and no resend', async () => {
    double.script(() => 'already-processed');
    const invoice = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    expect(double.sendsOf(invoice.cufe)).to.equal(1);
    expect(double.requests.map((request) => request.operation)).to.deep.equal(['SendBillSync', 'GetStatus']);
    expect(double.requests[1].trackId).to.equal(invoice.cufe);
  });
});
