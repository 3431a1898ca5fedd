import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { strictDianIssues } from '../../../support/artifacts/xml-schema.ts';
import { find, findAll, parseXml, textAt, type XmlElement } from '../../../support/artifacts/xml-tree.ts';
import { HABILITACION_TECHNICAL_KEY, SANDBOX_PIN, cudsFromXml, cufeOrCudeFromXml } from '../../../support/artifacts/unique-codes-from-xml.ts';
import { download } from './artifact-http.ts';
import { BASES, issueOneOfEach, type IssuedFamily } from './issued-documents.ts';

const UBL_FAMILIES = [
  { family: 'sales-invoice', root: 'Invoice', code: 'cufe', recompute: (root: XmlElement) => cufeOrCudeFromXml(root, HABILITACION_TECHNICAL_KEY) },
  { family: 'credit-note', root: 'CreditNote', code: 'cude', recompute: (root: XmlElement) => cufeOrCudeFromXml(root, SANDBOX_PIN) },
  { family: 'debit-note', root: 'DebitNote', code: 'cude', recompute: (root: XmlElement) => cufeOrCudeFromXml(root, SANDBOX_PIN) },
  { family: 'support-document', root: 'Invoice', code: 'cuds', recompute: (root: XmlElement) => cudsFromXml(root) },
  { family: 'adjustment-note', root: 'CreditNote', code: 'cuds', recompute: (root: XmlElement) => cudsFromXml(root) },
] as const;

const TYPE_CODES: Record<string, string | undefined> = {
  'sales-invoice': '01', 'credit-note': '91', 'debit-note': undefined, 'support-document': '05', 'adjustment-note': '95',
};

const sha384 = (text: string) => createHash('sha384').update(text).digest('hex');

describe('the UBL XML of invoices, notes and support documents agrees with the document', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let issued: Record<IssuedFamily, Record<string, any>>;
  const xml = new Map<string, XmlElement>();
  const raw = new Map<string, string>();

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    issued = await issueOneOfEach(app, tenant.key);
    for (const { family } of UBL_FAMILIES) {
      const answer = await download(app, BASES[family], issued[family].id, 'xml', tenant.key);
      raw.set(family, answer.bytes.toString('utf8'));
      xml.set(family, parseXml(raw.get(family)!));
    }
  });
  after(() => app.close());

  for (const { family, root: rootName, code, recompute } of UBL_FAMILIES) {
    describe(family, () => {
      it(`is a UBL ${rootName} with the number, type code, dates, and the ${code.toUpperCase()} in cbc:UUID`, () => {
        const root = xml.get(family)!;
        const record = issued[family];

        expect(root.name).to.equal(rootName);
        expect(textAt(root, 'ID')).to.equal(record.number);
        expect(find(root, 'InvoiceTypeCode')?.text ?? find(root, 'CreditNoteTypeCode')?.text).to.equal(TYPE_CODES[family]);
        expect(textAt(root, 'IssueDate')).to.equal(record.issue_date);
        expect(textAt(root, 'IssueTime')).to.equal(record.issue_time);
        expect(textAt(root, 'UUID')).to.equal(record[code]);
        expect(find(root, 'UUID')!.attributes).to.deep.equal({ schemeID: '2', schemeName: `${code.toUpperCase()}-SHA384` });
        expect(textAt(root, 'ProfileExecutionID')).to.equal('2');
      });

      it(`the ${code.toUpperCase()} recomputed from the XML’s own fields is cbc:UUID and the record’s`, () => {
        const root = xml.get(family)!;

        expect(recompute(root)).to.equal(textAt(root, 'UUID'));
        expect(recompute(root)).to.equal(issued[family][code]);
      });

      it('states the record’s totals: monetary total with the rounding amount, one TaxTotal per tax, the lines', () => {
        const root = xml.get(family)!;
        const { totals, items } = issued[family];
        const monetary = find(root, 'LegalMonetaryTotal') ?? find(root, 'RequestedMonetaryTotal')!;

        expect(textAt(monetary, 'LineExtensionAmount')).to.equal(totals.line_extension_amount);
        expect(textAt(monetary, 'TaxExclusiveAmount')).to.equal(totals.tax_exclusive_amount);
        expect(textAt(monetary, 'TaxInclusiveAmount')).to.equal(totals.tax_inclusive_amount);
        expect(textAt(monetary, 'PayableRoundingAmount')).to.equal(totals.rounding_amount);
        expect(textAt(monetary, 'PayableAmount')).to.equal(totals.payable_amount);
        const taxTotals = findAll(root, 'TaxTotal').map((total) => ({ code: textAt(total, 'TaxSubtotal/TaxCategory/TaxScheme/ID'), amount: textAt(total, 'TaxAmount') }));
        expect(taxTotals).to.deep.equal(totals.tax_totals.map((total: any) => ({ code: total.code, amount: total.tax_amount })));
        const lines = root.children.filter((child) => child.name.endsWith('Line'));
        expect(lines.map((line) => textAt(line, 'LineExtensionAmount'))).to.deep.equal(totals.lines.map((line: any) => line.line_extension_amount));
        expect(lines.map((line) => textAt(line, 'Item/Description'))).to.deep.equal(items.map((item: any) => item.name));
        expect(textAt(root, 'LineCountNumeric')).to.equal(String(items.length));
      });

      it('names the parties with their tax schemes: the issuer sells, or buys on a support document', () => {
        const root = xml.get(family)!;
        const record = issued[family];
        const buying = family === 'support-document' || family === 'adjustment-note';
        const [seller, buyer] = buying ? [record.provider, record.issuer] : [record.issuer, record.customer];
        const party = (role: string) => find(root, `${role}/Party/PartyTaxScheme`)!;

        expect(textAt(party('AccountingSupplierParty'), 'CompanyID')).to.equal(seller.nit ?? seller.identification);
        expect(textAt(party('AccountingCustomerParty'), 'CompanyID')).to.equal(buyer.nit ?? buyer.identification);
        expect(textAt(party(buying ? 'AccountingCustomerParty' : 'AccountingSupplierParty'), 'RegistrationName')).to.equal(record.issuer.legal_name);
        expect(find(party(buying ? 'AccountingCustomerParty' : 'AccountingSupplierParty'), 'CompanyID')!.attributes).to.include({ schemeID: record.issuer.dv, schemeName: '31' });
        expect(textAt(party('AccountingCustomerParty'), 'TaxScheme/ID')).to.match(/^(01|ZZ)$/);
      });

      it('carries DianExtensions valid against DIAN_UBL_Structures.xsd, with the security code and the QR content', () => {
        const root = xml.get(family)!;
        const record = issued[family];
        const extensions = find(root, 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions')!;
        const softwareId = textAt(extensions, 'SoftwareProvider/SoftwareID');

        expect(textAt(extensions, 'SoftwareSecurityCode')).to.equal(sha384(`${softwareId}${SANDBOX_PIN}${record.number}`));
        expect(textAt(extensions, 'AuthorizationProvider/AuthorizationProviderID')).to.equal('800197268');
        expect(textAt(extensions, 'QRCode')).to.contain(`${code.toUpperCase()}: ${record[code]}`);
        expect(textAt(extensions, 'QRCode')).to.contain(`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${record[code]}`);
        expect(find(extensions, 'InvoiceControl') !== undefined).to.equal(rootName === 'Invoice');
        expect(strictDianIssues(raw.get(family)!)).to.deep.equal([]);
      });
    });
  }

  it('the invoice states its numbering resolution in InvoiceControl', () => {
    const control = find(xml.get('sales-invoice')!, 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions/InvoiceControl')!;

    expect(textAt(control, 'InvoiceAuthorization')).to.equal('18760000001');
    expect(textAt(control, 'AuthorizedInvoices/Prefix')).to.equal('SETP');
    expect([textAt(control, 'AuthorizedInvoices/From'), textAt(control, 'AuthorizedInvoices/To')]).to.deep.equal(['990000000', '995000000']);
  });

  it('the credit note references the invoice by number and CUFE, with its concept', () => {
    const root = xml.get('credit-note')!;
    const invoice = issued['sales-invoice'];

    expect(textAt(root, 'BillingReference/InvoiceDocumentReference/ID')).to.equal(invoice.number);
    expect(textAt(root, 'BillingReference/InvoiceDocumentReference/UUID')).to.equal(invoice.cufe);
    expect(textAt(root, 'DiscrepancyResponse/ResponseCode')).to.equal('1');
    expect(textAt(root, 'CustomizationID')).to.equal('20');
    expect(textAt(root, 'PaymentMeans/PaymentDueDate')).to.equal('2026-12-31');
  });

  it('the debit note without an invoice states the billing period it corrects', () => {
    const root = xml.get('debit-note')!;

    expect([textAt(root, 'InvoicePeriod/StartDate'), textAt(root, 'InvoicePeriod/EndDate')]).to.deep.equal(['2026-01-01', '2026-01-31']);
    expect(textAt(root, 'CustomizationID')).to.equal('32');
    expect(find(root, 'BillingReference')).to.equal(undefined);
  });

  it('the support document carries its withholdings in WithholdingTaxTotal, apart from the taxes', () => {
    const root = xml.get('support-document')!;
    const { totals } = issued['support-document'];
    const withholdings = findAll(root, 'WithholdingTaxTotal/TaxSubtotal').map((subtotal) => ({
      code: textAt(subtotal, 'TaxCategory/TaxScheme/ID'),
      rate: textAt(subtotal, 'TaxCategory/Percent'),
      taxable_amount: textAt(subtotal, 'TaxableAmount'),
      amount: textAt(subtotal, 'TaxAmount'),
    }));

    expect(withholdings).to.deep.equal(totals.withholding_taxes);
    expect(textAt(root, 'InvoiceTypeCode')).to.equal('05');
  });

  it('the adjustment note references its support document by number and CUDS', () => {
    const root = xml.get('adjustment-note')!;
    const supportDocument = issued['support-document'];

    expect(textAt(root, 'BillingReference/InvoiceDocumentReference/ID')).to.equal(supportDocument.number);
    expect(textAt(root, 'BillingReference/InvoiceDocumentReference/UUID')).to.equal(supportDocument.cuds);
    expect(find(root, 'BillingReference/InvoiceDocumentReference/UUID')!.attributes.schemeName).to.equal('CUDS-SHA384');
  });
});
