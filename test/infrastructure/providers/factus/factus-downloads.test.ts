import { expect } from 'chai';
import { ProviderUnavailableError } from '../../../../application/ports/document-provider.ts';
import { payrollFamily, salesInvoiceFamily, supportDocumentFamily } from '../../../../domain/documents/families/index.ts';
import type { FactusProvider } from '../../../../infrastructure/providers/factus/factus-provider.ts';
import { FixedClock } from '../../../support/fixtures.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import { validSupportDocumentBody } from '../../../domain/support-document/valid-support-document-body.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { FactusDouble } from '../../../support/factus/double/factus-double.ts';
import { factusAgainst, sentDocument } from '../../../support/factus/factus-fixtures.ts';

describe('Factus adapter: downloads and RADIAN events', () => {
  const clock = new FixedClock('2026-05-06T15:00:00.000Z');
  let double: FactusDouble;
  let factus: FactusProvider;

  beforeEach(async () => {
    double = new FactusDouble(() => clock.now());
    await double.start();
    factus = factusAgainst(double, clock);
  });

  afterEach(() => double.close());

  async function validated(family = salesInvoiceFamily, body: Record<string, unknown> = sampleInvoice()) {
    const document = sentDocument(family, body);
    const outcome = await factus.submit(document);
    if (outcome.kind !== 'validated') throw new Error('not validated');
    return { ...document, status: 'validated' as const, number: outcome.number, uniqueCode: outcome.uniqueCode };
  }

  it('given a validated invoice, then pdf, xml and attached-xml are Factus base64 contents under the seed format names', async () => {
    const invoice = await validated();
    const pdf = await factus.render(invoice, 'pdf');
    expect(pdf).to.include({ contentType: 'application/pdf', fileName: 'SETP99000551.pdf' });
    expect(pdf?.bytes.toString()).to.equal('%PDF-1.4 SETP99000551');
    expect((await factus.render(invoice, 'xml'))?.bytes.toString()).to.contain('<cbc:ID>SETP99000551</cbc:ID>');
    expect(await factus.render(invoice, 'attached-xml')).to.include({ fileName: 'adSETP99000551.xml', contentType: 'application/xml; charset=utf-8' });
    expect(double.routes('GET')).to.deep.equal([
      'GET /v2/bills/SETP99000551/download-pdf',
      'GET /v2/bills/SETP99000551/download-xml',
      'GET /v2/bills/SETP99000551/download-attached-document-xml',
    ]);
  });

  it('given a validated invoice, then zip is the e-mail content: its attachment, with the subject percent-encoded in X-Email-Subject', async () => {
    const zip = await factus.render(await validated(), 'zip');
    expect(zip).to.include({ contentType: 'application/zip', fileName: 'zSETP99000551.zip' });
    expect(zip?.bytes.subarray(0, 4)).to.deep.equal(Buffer.from('PK\u0003\u0004'));
    expect(zip?.headers).to.deep.equal({ 'X-Email-Subject': encodeURIComponent('900825759;HALLTEC S.A.S.;SETP99000551;01;Halltec') });
    expect(double.routes('GET')).to.deep.equal(['GET /v2/bills/SETP99000551/email-content']);
  });

  it('given formats Factus does not serve for a family (support document: no attached-xml or zip; payroll: xml only), then null without asking Factus', async () => {
    const support = await validated(supportDocumentFamily, validSupportDocumentBody() as Record<string, unknown>);
    const payroll = await validated(payrollFamily, validPayrollBody() as unknown as Record<string, unknown>);
    expect(await factus.render(support, 'zip')).to.equal(null);
    expect(await factus.render(support, 'attached-xml')).to.equal(null);
    expect(await factus.render(payroll, 'pdf')).to.equal(null);
    expect(double.routes('GET')).to.deep.equal([]);
    expect(await factus.render(payroll, 'xml')).to.include({ fileName: `${payroll.number}.xml` });
    expect(double.routes('GET')).to.deep.equal([`GET /v2/payrolls/${payroll.number}/download-xml`]);
  });

  it('given Factus cannot serve the download (5xx), then unavailable; a number Factus does not know, then null', async () => {
    const invoice = await validated();
    double.script('GET /v2/bills/SETP99000551/download-pdf', { status: 503 });
    const error = await factus.render(invoice, 'pdf').then(() => null, (caught: unknown) => caught);
    expect(error).to.be.instanceOf(ProviderUnavailableError);
    expect(await factus.render({ ...invoice, number: 'SETP99999999' }, 'pdf')).to.equal(null);
  });

  it('given RADIAN events at Factus, then acceptance records with the actor each code implies; codes beyond the registry left out', async () => {
    const invoice = await validated();
    double.handlers.radianEvents = [
      { number: '1', cude: 'cude-030', event_code: '030', event_name: 'Acuse de recibo de la Factura Electrónica de Venta', effective_date: '2026-05-07', effective_time: '10:00:00' },
      { number: '2', cude: 'cude-034', event_code: '034', event_name: 'Aceptación tácita', effective_date: '13-05-2026', effective_time: '08:30:00' },
      { number: '3', cude: 'cude-037', event_code: '037', event_name: 'Endoso en propiedad', effective_date: '2026-05-14', effective_time: '09:00:00' },
    ];
    const records = await factus.acceptanceEvents(invoice);
    expect(records).to.deep.equal([
      { code: '030', name: 'Acuse de recibo de la Factura Electrónica de Venta', number: '1', uniqueCode: 'cude-030', effectiveAt: '2026-05-07T15:00:00.000Z', actor: { role: 'receiver', nit: '123456789', name: 'Alan company name' } },
      { code: '034', name: 'Aceptación tácita', number: '2', uniqueCode: 'cude-034', effectiveAt: '2026-05-13T13:30:00.000Z', actor: { role: 'issuer', nit: '900825759', name: 'HALLTEC S.A.S.' } },
    ]);
    expect(double.routes('GET')).to.deep.equal(['GET /v2/bills/SETP99000551/radian/events']);
  });
});
