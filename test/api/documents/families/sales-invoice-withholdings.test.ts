import { expect } from 'chai';
import { colombianAmount, pdfText } from '../../../support/artifacts/pdf-tools.ts';
import { xmllint } from '../../../support/artifacts/xml-schema.ts';
import { findAll, parseXml, textAt, type XmlElement } from '../../../support/artifacts/xml-tree.ts';
import { PATHS, expect422Naming, expectOnlyFields, issueValidated, noteBody, post } from '../../../support/family-test-helpers.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { download } from '../artifacts/artifact-http.ts';

const RETE_RENTA = { code: '06', rate: '2.50' };
const RETE_IVA = { code: '05', rate: '15.00' };

/** The sample invoice (10000 + 3 × 20000, IVA 19 %, payable 83300.00) with withholdings on its lines. */
function withheldInvoice(first: unknown[], second: unknown[]): Record<string, any> {
  const body = sampleInvoice();
  body.items[0].withholding_taxes = first;
  body.items[1].withholding_taxes = second;
  return body;
}

const subtotalsOf = (parent: XmlElement) => findAll(parent, 'WithholdingTaxTotal/TaxSubtotal').map((subtotal) => ({
  code: textAt(subtotal, 'TaxCategory/TaxScheme/ID'),
  rate: textAt(subtotal, 'TaxCategory/Percent'),
  taxable_amount: textAt(subtotal, 'TaxableAmount'),
  amount: textAt(subtotal, 'TaxAmount'),
}));

describe('withholdings on sales invoices over HTTP', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  describe('an invoice with ReteRenta on both lines and ReteIVA on one', () => {
    let invoice: Record<string, any>;
    before(async () => {
      invoice = await issueValidated(app, 'sales-invoice', tenant.key, withheldInvoice([RETE_RENTA], [RETE_RENTA, RETE_IVA]));
    });

    it('is validated, and its record states the withholdings beside unchanged totals', () => {
      expect(invoice.status).to.equal('validated');
      expect(invoice.totals.withholding_taxes).to.deep.equal([
        { code: '05', rate: '15.00', taxable_amount: '11400.00', amount: '1710.00' },
        { code: '06', rate: '2.50', taxable_amount: '70000.00', amount: '1750.00' },
      ]);
      expect(invoice.totals.withholding_total).to.equal('3460.00');
      expect(invoice.totals.payable_amount).to.equal('83300.00');
      expect(invoice.totals.tax_amount).to.equal('13300.00');
    });

    it('its XML carries them in WithholdingTaxTotal, on the document and on each line, and passes DIAN\'s XSD', async () => {
      const answer = await download(app, PATHS['sales-invoice'], invoice.id, 'xml', tenant.key);
      expect(answer.status).to.equal(200);
      const raw = answer.bytes.toString('utf8');
      const root = parseXml(raw);

      const lint = xmllint(raw);
      expect(lint.status, lint.output).to.equal(0);
      expect(subtotalsOf(root)).to.deep.equal(invoice.totals.withholding_taxes);
      expect(findAll(root, 'WithholdingTaxTotal').map((total) => textAt(total, 'TaxAmount'))).to.deep.equal(['1710.00', '1750.00']);
      const lines = findAll(root, 'InvoiceLine');
      expect(subtotalsOf(lines[0])).to.deep.equal([{ code: '06', rate: '2.50', taxable_amount: '10000.00', amount: '250.00' }]);
      expect(subtotalsOf(lines[1]).map((subtotal) => subtotal.code)).to.deep.equal(['06', '05']);
      expect(textAt(root, 'LegalMonetaryTotal/PayableAmount')).to.equal('83300.00');
      expect(findAll(root, 'WithholdingTaxTotal/TaxSubtotal/TaxCategory/TaxScheme/Name').map((name) => name.text)).to.deep.equal(['ReteIVA', 'ReteFuente']);
    });

    it('its PDF shows the withholdings, their informative total, and what the customer transfers once it withholds', async () => {
      const answer = await download(app, PATHS['sales-invoice'], invoice.id, 'pdf', tenant.key);
      const text = pdfText(answer.bytes);

      expect(text).to.contain('Retenciones');
      expect(text).to.contain(`$ ${colombianAmount('3460.00')}`);
      expect(text).to.contain(`$ ${colombianAmount('83300.00')}`);
      expect(text).to.contain('Neto después de retenciones').and.to.contain(`$ ${colombianAmount('79840.00')}`);
    });
  });

  it('given an invoice without withholdings, then its record and XML carry none', async () => {
    const invoice = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    const raw = (await download(app, PATHS['sales-invoice'], invoice.id, 'xml', tenant.key)).bytes.toString('utf8');

    expect(invoice.totals).to.not.have.property('withholding_taxes');
    expect(invoice.totals).to.not.have.property('withholding_total');
    expect(findAll(parseXml(raw), 'WithholdingTaxTotal')).to.deep.equal([]);
  });

  it('given ReteICA (07), then 422 naming the code and what a sales invoice line admits', async () => {
    const answer = await post(app, 'sales-invoice', tenant.key, withheldInvoice([{ code: '07', rate: '0.97' }], []));

    expect422Naming(answer, 'items[0].withholding_taxes[0].code', /sales invoice line/);
    expectOnlyFields(answer, ['items[0].withholding_taxes[0].code']);
  });

  it('given ReteIVA on a line without IVA, then 422 saying the line has no IVA', async () => {
    const body = withheldInvoice([RETE_IVA], []);
    body.items[0].taxes = [];
    body.payment_details[0].amount = '81400.00';

    expect422Naming(await post(app, 'sales-invoice', tenant.key, body), 'items[0].withholding_taxes[0].code', /no 01 \(IVA\)/);
  });

  it('given a withholding without a rate, then 422 from the schema naming the rate', async () => {
    expect422Naming(await post(app, 'sales-invoice', tenant.key, withheldInvoice([{ code: '06' }], [])), 'items[0].withholding_taxes[0].rate');
  });

  for (const family of ['credit-note', 'debit-note'] as const) {
    it(`given a ${family.replace('-', ' ')} whose line carries withholdings, then 422 explaining that the note has no place for them`, async () => {
      const body = noteBody({ concept: family === 'credit-note' ? '1' : '2', bill_number: undefined, billing_period: { start_date: '2026-01-01', end_date: '2026-01-31' } });
      body.items[0].withholding_taxes = [RETE_RENTA];

      expect422Naming(await post(app, family, tenant.key, body), 'items[0].withholding_taxes', /no WithholdingTaxTotal/);
    });
  }
});
