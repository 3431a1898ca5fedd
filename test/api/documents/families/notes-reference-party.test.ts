import { expect } from 'chai';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { find, parseXml, textAt, type XmlElement } from '../../../support/artifacts/xml-tree.ts';
import {
  PATHS,
  adjustmentNoteBody,
  expect422Naming,
  expectedCude,
  expectedCuds,
  issueValidated,
  noteBody,
  periodNoteBody,
  post,
  supportDocumentBody,
  type FamilyName,
} from '../../../support/family-test-helpers.ts';
import { download } from '../artifacts/artifact-http.ts';

/** The invoice's and the support document's parties: identifications the note bodies' own parties do not have. */
const INVOICE_CUSTOMER = '800197268';
const SUPPORT_PROVIDER = '901234567';

/** Reference §1.5, §1.6 (and the adjustment note's): a note that names its reference may omit its party. */
describe('notes that name their reference take its party (issue 14 item 5)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  async function xmlOf(family: FamilyName, id: string): Promise<XmlElement> {
    const answer = await download(app, PATHS[family], id, 'xml', tenant.key);
    expect(answer.status, JSON.stringify(answer.problem)).to.equal(200);
    return parseXml(answer.bytes.toString('utf8'));
  }

  const partyId = (root: XmlElement, role: string) => textAt(find(root, `${role}/Party/PartyTaxScheme`)!, 'CompanyID');

  for (const family of ['credit-note', 'debit-note'] as const) {
    it(`given a ${family} with bill_number and no customer, then it is validated and its record, CUDE and XML carry the invoice's customer`, async () => {
      const invoice = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice({ identification: INVOICE_CUSTOMER }));
      const { customer, ...body } = noteBody({ bill_number: invoice.number });
      expect(customer.identification).to.not.equal(INVOICE_CUSTOMER);

      const note = await issueValidated(app, family, tenant.key, body);

      expect(note.reference.number).to.equal(invoice.number);
      expect(note.customer).to.deep.equal(invoice.customer);
      expect(note.customer.identification).to.equal(INVOICE_CUSTOMER);
      expect(note.cude).to.equal(expectedCude(note));
      const xml = await xmlOf(family, note.id);
      expect(partyId(xml, 'AccountingCustomerParty')).to.equal(INVOICE_CUSTOMER);
      expect(textAt(find(xml, 'AccountingCustomerParty/Party/PartyTaxScheme')!, 'RegistrationName')).to.equal(invoice.customer.company);
    });
  }

  it('given a credit note with bill_number and its own customer, then its own customer is kept', async () => {
    const invoice = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice({ identification: INVOICE_CUSTOMER }));

    const note = await issueValidated(app, 'credit-note', tenant.key, noteBody({ bill_number: invoice.number }));

    expect(note.customer.identification).to.equal('123456789');
    expect(partyId(await xmlOf('credit-note', note.id), 'AccountingCustomerParty')).to.equal('123456789');
  });

  it('given an adjustment note without provider, then it is validated and its record, CUDS and XML carry the support document\'s provider', async () => {
    const adjusted = await issueValidated(app, 'support-document', tenant.key, supportDocumentBody({}, { identification: SUPPORT_PROVIDER }));
    const { provider, ...body } = adjustmentNoteBody(adjusted.number);
    expect(provider.identification).to.not.equal(SUPPORT_PROVIDER);

    const note = await issueValidated(app, 'adjustment-note', tenant.key, body);

    expect(note.provider).to.deep.equal(adjusted.provider);
    expect(note.provider.identification).to.equal(SUPPORT_PROVIDER);
    expect(note.cuds).to.equal(expectedCuds(note));
    expect(partyId(await xmlOf('adjustment-note', note.id), 'AccountingSupplierParty')).to.equal(SUPPORT_PROVIDER);
  });

  it('given a credit note without bill_number and without customer, then 422 naming customer', async () => {
    const { customer: _customer, ...body } = periodNoteBody();

    expect422Naming(await post(app, 'credit-note', tenant.key, body), 'customer', /is required/);
  });

  it('given a credit note naming an unknown invoice and no customer, then 422 naming both', async () => {
    const { customer: _customer, ...body } = noteBody({ bill_number: 'SETP990009999' });

    const answer = await post(app, 'credit-note', tenant.key, body);

    expect422Naming(answer, 'customer', /is required/);
    expect422Naming(answer, 'bill_number', /no validated sales invoice/);
  });
});
