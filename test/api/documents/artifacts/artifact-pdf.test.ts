import { LIVE_READY, liveNumbering } from '../../../support/live-numbering.ts';
import { expect } from 'chai';
import { issueValidated } from '../../../support/family-test-helpers.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { colombianAmount, firstPageQr, pdfPageCount, pdfText } from '../../../support/artifacts/pdf-tools.ts';
import { download } from './artifact-http.ts';
import { BASES, issueOneOfEach, type IssuedFamily } from './issued-documents.ts';

const GRAPHIC = [
  { family: 'sales-invoice', code: 'cufe', title: 'FACTURA ELECTRÓNICA DE VENTA', counterparty: (record: any) => record.customer.company },
  { family: 'credit-note', code: 'cude', title: 'NOTA CRÉDITO ELECTRÓNICA', counterparty: (record: any) => record.customer.company },
  { family: 'debit-note', code: 'cude', title: 'NOTA DÉBITO ELECTRÓNICA', counterparty: (record: any) => record.customer.company },
  { family: 'support-document', code: 'cuds', title: 'DOCUMENTO SOPORTE', counterparty: (record: any) => record.provider.names },
  { family: 'adjustment-note', code: 'cuds', title: 'NOTA DE AJUSTE AL DOCUMENTO SOPORTE', counterparty: (record: any) => record.provider.names },
] as const;

const SPANISH_LABELS = ['Fecha de emisión', 'Hora de emisión', 'Descripción', 'Cantidad', 'Precio unitario', 'Impuestos', 'Totales', 'Total a pagar', 'Condiciones de pago', 'Representación gráfica'];

/** 2 cm at 150 dpi. */
const TWO_CM_AT_150_DPI = Math.ceil((2 / 2.54) * 150);

describe('pdf: the graphic representation, read back with pdftotext and its QR decoded', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let issued: Record<IssuedFamily, Record<string, any>>;
  const pdfs = new Map<string, Buffer>();

  before(async () => {
    app = await startTestApp(LIVE_READY);
    tenant = await app.createTenant();
    issued = await issueOneOfEach(app, tenant.key);
    for (const { family } of GRAPHIC) pdfs.set(family, (await download(app, BASES[family], issued[family].id, 'pdf', tenant.key)).bytes);
  });
  after(() => app.close());

  for (const { family, code, title, counterparty } of GRAPHIC) {
    it(`${family}: shows the number, dates, both parties, lines, totals and the ${code.toUpperCase()}, in Spanish`, () => {
      const record = issued[family];
      const text = pdfText(pdfs.get(family)!);

      expect(text).to.contain(title);
      expect(text).to.contain(record.number);
      expect(text).to.contain(record.issue_date);
      expect(text).to.contain(record[code]);
      expect(text).to.contain(record.issuer.legal_name);
      expect(text).to.contain(counterparty(record));
      for (const label of SPANISH_LABELS) expect(text, label).to.contain(label);
      for (const item of record.items) expect(text).to.contain(item.name);
      for (const amount of [record.totals.payable_amount, record.totals.line_extension_amount, record.totals.tax_amount]) {
        expect(text).to.contain(`$ ${colombianAmount(amount)}`);
      }
      expect(pdfPageCount(pdfs.get(family)!)).to.equal(1);
    });

    it(`${family}: the QR, at least 2 cm wide, reads back DIAN’s lines and the catalogo-vpfe-hab URL of a test key`, () => {
      const record = issued[family];
      const qr = firstPageQr(pdfs.get(family)!);

      expect(qr, 'no QR found on page 1 at 150 dpi').to.not.equal(null);
      expect(qr!.widthPx).to.be.at.least(TWO_CM_AT_150_DPI);
      expect(qr!.text).to.contain(`${code.toUpperCase()}: ${record[code]}`);
      expect(qr!.text).to.contain(`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${record[code]}`);
      const prefix = code === 'cuds' ? 'DS' : 'Fac';
      expect(qr!.text).to.contain(`Num${prefix}: ${record.number}`);
      expect(qr!.text).to.contain(`Fec${prefix}: ${record.issue_date}`);
      expect(qr!.text).to.contain(`ValTol${prefix === 'DS' ? 'DS' : 'Fac'}: ${record.totals.payable_amount}`);
    });
  }

  it('the invoice’s QR holds the NumFac … CUFE lines in DIAN’s order', () => {
    const record = issued['sales-invoice'];
    const iva = record.totals.tax_totals.find((tax: any) => tax.code === '01').tax_amount;

    expect(firstPageQr(pdfs.get('sales-invoice')!)!.text.split('\n')).to.deep.equal([
      `NumFac: ${record.number}`,
      `FecFac: ${record.issue_date}`,
      `HorFac: ${record.issue_time}`,
      `NitFac: ${record.issuer.nit}`,
      `DocAdq: ${record.customer.identification}`,
      `ValFac: ${record.totals.line_extension_amount}`,
      `ValIva: ${iva}`,
      'ValOtroIm: 0.00',
      `ValTolFac: ${record.totals.payable_amount}`,
      `CUFE: ${record.cufe}`,
      `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${record.cufe}`,
    ]);
  });

  it('the support document shows its withholdings, and the credit note the invoice it corrects', () => {
    const support = pdfText(pdfs.get('support-document')!);
    const credit = pdfText(pdfs.get('credit-note')!);

    expect(support).to.contain('Retenciones');
    expect(support).to.contain(`$ ${colombianAmount(issued['support-document'].totals.withholding_total)}`);
    expect(credit).to.contain(issued['sales-invoice'].number);
    expect(credit).to.contain(issued['sales-invoice'].cufe);
    expect(credit).to.contain('Crédito');
  });

  it('a live key’s invoice points its QR at catalogo-vpfe (production)', async () => {
    const live = await app.createTenant({ nit: '860034313', environment: 'live' });
    await liveNumbering(app, live.tenantId);
    const invoice = await issueValidated(app, 'sales-invoice', live.key, sampleInvoice());

    const pdf = (await download(app, BASES['sales-invoice'], invoice.id, 'pdf', live.key)).bytes;

    const qr = firstPageQr(pdf)!;
    expect(qr.text).to.contain(`https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${invoice.cufe}`);
    expect(qr.text).to.not.contain('catalogo-vpfe-hab');
    expect(pdfText(pdf)).to.contain('Producción');
  });

  it('a 60-line invoice continues on further pages, numbered, with every line, the totals, and the QR on page 1', async () => {
    const body = sampleInvoice();
    body.items = Array.from({ length: 60 }, (_, index) => ({ ...body.items[0], code_reference: `L-${index + 1}`, name: `Artículo ${String(index + 1).padStart(2, '0')}`, price: '1000.00' }));
    body.payment_details[0].amount = '71400.00';
    const invoice = await issueValidated(app, 'sales-invoice', tenant.key, body);

    const pdf = (await download(app, BASES['sales-invoice'], invoice.id, 'pdf', tenant.key)).bytes;

    const pages = pdfPageCount(pdf);
    const text = pdfText(pdf);
    expect(pages).to.be.greaterThan(1);
    expect(text.split('\f').filter((page) => page.trim() !== '')).to.have.length(pages);
    expect(text).to.contain(`Página 1 de ${pages}`);
    expect(text).to.contain(`Página ${pages} de ${pages}`);
    for (let index = 1; index <= 60; index += 1) expect(text).to.contain(`Artículo ${String(index).padStart(2, '0')}`);
    expect(text).to.contain('$ 71.400,00');
    expect(firstPageQr(pdf)?.text).to.contain(`CUFE: ${invoice.cufe}`);
  });
});
