import { expect } from 'chai';
import { nitCheckDigit } from '../../../../domain/shared/nit-check-digit.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import {
  create,
  expect422Naming,
  expectOnlyFields,
  expectValidatedShape,
  expectedCuds,
  issueValidated,
  post,
  record,
  supportDocumentBody,
  supportLine,
} from '../../../support/family-test-helpers.ts';

const wrongDv = (identification: string) => String((Number(nitCheckDigit(identification)) + 1) % 10);

describe('POST /invoices/v1/support-documents', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  const postBody = (body: unknown) => post(app, 'support-document', tenant.key, body);
  const withProvider = (overrides: Record<string, unknown>) => supportDocumentBody({}, overrides);
  const withoutProviderField = (field: string) => {
    const body = supportDocumentBody();
    delete body.provider[field];
    return body;
  };

  describe('a valid support document reaches validated through the sandbox', () => {
    it('given the Factus example, then 202, and after settling validated on the SEDS range with a CUDS recomputed from the record', async () => {
      const fresh = await app.createTenant({ nit: '890903938' });
      const accepted = await create(app, 'support-document', fresh.key, supportDocumentBody());
      expect(accepted.status).to.equal('pending');

      await app.settle();

      const document = await record(app, 'support-document', fresh.key, accepted.id);
      expectValidatedShape(document, 'cuds', /^SEDS\d+$/);
      expect(document.number).to.equal('SEDS984000000');
      expect(document.cuds).to.equal(expectedCuds(document));
      expect(document.provider.identification).to.equal('900123456');
      expect(document).to.not.have.property('customer');
      expect(document).to.not.have.property('reference');
      expect(document.issuer.nit).to.equal('890903938');
    });

    it('given successive support documents, then consecutive numbers of the SEDS range and distinct CUDS', async () => {
      const fresh = await app.createTenant({ nit: '860002964' });
      const first = await issueValidated(app, 'support-document', fresh.key, supportDocumentBody());
      const second = await issueValidated(app, 'support-document', fresh.key, supportDocumentBody({}, { identification: '800197268' }));

      expect([first.number, second.number]).to.deep.equal(['SEDS984000000', 'SEDS984000001']);
      expect(second.cuds).to.equal(expectedCuds(second));
      expect(second.cuds).to.not.equal(first.cuds);
    });

    it('given 2 × 50000 with 20% discount, IVA 19% and ReteRenta 3.5%, then line extension 80000.00, IVA 15200.00, payable 95200.00, withholding 2800.00 not subtracted', async () => {
      const document = await issueValidated(app, 'support-document', tenant.key, supportDocumentBody());

      const { totals } = document;
      expect(totals.line_extension_amount).to.equal('80000.00');
      expect(totals.tax_totals).to.deep.equal([{ code: '01', taxable_amount: '80000.00', tax_amount: '15200.00' }]);
      expect(totals.tax_inclusive_amount).to.equal('95200.00');
      expect(totals.payable_amount).to.equal('95200.00');
      expect(totals.withholding_taxes).to.deep.equal([{ code: '06', rate: '3.50', taxable_amount: '80000.00', amount: '2800.00' }]);
      expect(totals.withholding_total).to.equal('2800.00');
      expect(totals.lines[0]).to.include({ gross_amount: '100000.00', discount_amount: '20000.00', line_extension_amount: '80000.00' });
      expect(document.cuds).to.equal(expectedCuds(document));
    });

    it('given ReteIVA 15% as well, then it is computed on the IVA (2280.00) and the payable amount is still 95200.00', async () => {
      const body = supportDocumentBody({ items: [supportLine({ withholding_taxes: [{ code: '06', rate: '3.50' }, { code: '05', rate: '15.00' }] })] });

      const document = await issueValidated(app, 'support-document', tenant.key, body);

      expect(document.totals.payable_amount).to.equal('95200.00');
      expect(document.totals.withholding_taxes).to.deep.equal([
        { code: '05', rate: '15.00', taxable_amount: '15200.00', amount: '2280.00' },
        { code: '06', rate: '3.50', taxable_amount: '80000.00', amount: '2800.00' },
      ]);
      expect(document.totals.withholding_total).to.equal('5080.00');
    });

    it('given a line without withholdings and one without taxes, then accepted', async () => {
      const body = supportDocumentBody({
        items: [supportLine({ withholding_taxes: [] }), supportLine({ code_reference: 'SERV-002', taxes: [], withholding_taxes: undefined })],
        payment_details: [{ payment_form: '1', payment_method_code: '10', amount: '175200.00' }],
      });
      delete body.items[1].withholding_taxes;

      const answer = await postBody(body);

      expect(answer.status, answer.text).to.equal(202);
    });

    it('given each document type of the provider catalog (21, 22, 31, 41, 42, 47, 50), then each is accepted', async () => {
      for (const code of ['21', '22', '31', '41', '42', '47', '50']) {
        const overrides: Record<string, unknown> = { identification_document_code: code };
        const body = withProvider(overrides);
        if (code !== '31') delete body.provider.dv;
        const answer = await postBody(body);
        expect(answer.status, `code ${code}: ${answer.text}`).to.equal(202);
      }
    });
  });

  describe('the provider (each broken rule → 422 naming the field)', () => {
    it('given code 13 (cédula de ciudadanía), then 422 naming the code and explaining the provider catalog excludes it', async () => {
      const body = withProvider({ identification_document_code: '13', identification: '1017123456' });
      delete body.provider.dv;

      const answer = await postBody(body);

      const issue = expect422Naming(answer, 'provider.identification_document_code', /not admitted for the provider/);
      expect(issue.message).to.match(/13/);
      expect(issue.message).to.match(/[Cc]édula de ciudadanía/);
      expect(issue.message).to.match(/21.*22.*31.*41.*42.*47.*50/);
      expectOnlyFields(answer, ['provider.identification_document_code']);
    });

    it('given other codes of the customer catalog (11, 12, 91) or an unknown code, then 422 naming the code', async () => {
      for (const code of ['11', '12', '91', '99', 'XX']) {
        const body = withProvider({ identification_document_code: code });
        delete body.provider.dv;
        expect422Naming(await postBody(body), 'provider.identification_document_code');
      }
    });

    it('given no document type or no identification, then 422 naming each', async () => {
      expect422Naming(await postBody(withoutProviderField('identification_document_code')), 'provider.identification_document_code');
      expect422Naming(await postBody(withoutProviderField('identification')), 'provider.identification');
    });

    it('given names missing, empty or blank, then 422 naming provider.names', async () => {
      expect422Naming(await postBody(withoutProviderField('names')), 'provider.names');
      for (const names of ['', '   ']) {
        const answer = await postBody(withProvider({ names }));
        expect422Naming(answer, 'provider.names');
        expectOnlyFields(answer, ['provider.names']);
      }
    });

    it('given address missing, empty or blank, then 422 naming provider.address', async () => {
      expect422Naming(await postBody(withoutProviderField('address')), 'provider.address');
      for (const address of ['', '  ']) {
        const answer = await postBody(withProvider({ address }));
        expect422Naming(answer, 'provider.address');
        expectOnlyFields(answer, ['provider.address']);
      }
    });

    it('given a wrong check digit for a NIT, then 422 naming provider.dv with the right digit', async () => {
      const answer = await postBody(withProvider({ dv: wrongDv('900123456') }));

      expect422Naming(answer, 'provider.dv', new RegExp(`is ${nitCheckDigit('900123456')}`));
      expectOnlyFields(answer, ['provider.dv']);
      expect422Naming(await postBody(withProvider({ dv: '12' })), 'provider.dv');
    });

    it('given fiscal responsibilities, then 422 naming provider.responsibilities and saying a provider carries none', async () => {
      for (const responsibilities of [['R-99-PN'], [], 'O-13']) {
        const answer = await postBody(withProvider({ responsibilities }));
        expect422Naming(answer, 'provider.responsibilities', /must not be sent.*no fiscal responsibilities/);
        expectOnlyFields(answer, ['provider.responsibilities']);
      }
    });

    it('given a tribute code, then 422 naming provider.tribute_code and saying a provider carries none', async () => {
      for (const tribute_code of ['ZZ', '01']) {
        const answer = await postBody(withProvider({ tribute_code }));
        expect422Naming(answer, 'provider.tribute_code', /must not be sent.*no tribute code/);
        expectOnlyFields(answer, ['provider.tribute_code']);
      }
    });

    it('given an unknown municipality or a malformed e-mail, then 422 naming the field', async () => {
      expect422Naming(await postBody(withProvider({ municipality_code: '00000' })), 'provider.municipality_code');
      expect422Naming(await postBody(withProvider({ email: 'not-an-email' })), 'provider.email');
    });

    it('given no provider, or a customer in its place, then 422 naming provider (and customer)', async () => {
      const { provider: _provider, ...rest } = supportDocumentBody();

      expect422Naming(await postBody(rest), 'provider');
      const asCustomer = await postBody({ ...rest, customer: sampleInvoice().customer });
      expect422Naming(asCustomer, 'provider');
      expect422Naming(asCustomer, 'customer');
    });
  });

  describe('lines: IVA is the only tax; withholdings 05 and 06', () => {
    it('given tax 04 (INC) on a line, then 422 naming the tax and saying only 01 is admitted', async () => {
      const answer = await postBody(supportDocumentBody({ items: [supportLine({ taxes: [{ code: '04', rate: '8.00' }] })] }));

      const issue = expect422Naming(answer, 'items[0].taxes[0].code', /only 01 \(IVA\) is admitted/);
      expect(issue.message).to.contain('"04"');
    });

    it('given other non-IVA taxes (03 ICA, 35 ICUI) next to IVA, then 422 naming that tax', async () => {
      for (const code of ['03', '35', 'ZZ']) {
        const answer = await postBody(supportDocumentBody({ items: [supportLine({ taxes: [{ code: '01', rate: '19.00' }, { code, rate: '1.00' }] })] }));
        expect422Naming(answer, 'items[0].taxes[1].code', /only 01/);
      }
    });

    it('given a withholding code sent as a tax (06), then 422 pointing to withholding_taxes', async () => {
      const answer = await postBody(supportDocumentBody({ items: [supportLine({ taxes: [{ code: '06', rate: '3.50' }], withholding_taxes: [] })] }));

      expect422Naming(answer, 'items[0].taxes[0].code', /withholding_taxes/);
    });

    it('given withholding code 07, then 422 naming the withholding code', async () => {
      const answer = await postBody(supportDocumentBody({ items: [supportLine({ withholding_taxes: [{ code: '07', rate: '1.00' }] })] }));

      expect422Naming(answer, 'items[0].withholding_taxes[0].code', /"07"/);
      expectOnlyFields(answer, ['items[0].withholding_taxes[0].code']);
    });

    it('given a withholding twice on a line, ReteIVA on a line without IVA, or a rate above 100, then 422 naming it', async () => {
      const twice = supportLine({ withholding_taxes: [{ code: '06', rate: '3.50' }, { code: '06', rate: '1.00' }] });
      const noIva = supportLine({ taxes: [], withholding_taxes: [{ code: '05', rate: '15.00' }] });
      const tooHigh = supportLine({ withholding_taxes: [{ code: '06', rate: '100.01' }] });

      expect422Naming(await postBody(supportDocumentBody({ items: [twice] })), 'items[0].withholding_taxes[1].code');
      expect422Naming(await postBody(supportDocumentBody({ items: [noIva] })), 'items[0].withholding_taxes[0].code', /IVA/);
      expect422Naming(await postBody(supportDocumentBody({ items: [tooHigh] })), 'items[0].withholding_taxes[0].rate');
    });

    it('given no items, then 422 naming items', async () => {
      expect422Naming(await postBody(supportDocumentBody({ items: [] })), 'items');
    });
  });

  describe('payment details add up to the payable amount, withholdings not subtracted', () => {
    it('given payments equal to payable minus the withholding (92400.00), then 422 naming payment_details with 95200.00', async () => {
      const answer = await postBody(supportDocumentBody({ payment_details: [{ payment_form: '1', payment_method_code: '10', amount: '92400.00' }] }));

      expect422Naming(answer, 'payment_details', /95200\.00/);
      expectOnlyFields(answer, ['payment_details']);
    });

    it('given two payments adding up to 95200.00, then accepted', async () => {
      const answer = await postBody(supportDocumentBody({
        payment_details: [
          { payment_form: '1', payment_method_code: '10', amount: '50000.00' },
          { payment_form: '1', payment_method_code: '42', amount: '45200.00' },
        ],
      }));

      expect(answer.status, answer.text).to.equal(202);
    });

    it('given no payment details (required on a support document), then 422 naming payment_details', async () => {
      const { payment_details: _payments, ...rest } = supportDocumentBody();

      expect422Naming(await postBody(rest), 'payment_details');
      expect422Naming(await postBody({ ...rest, payment_details: [] }), 'payment_details');
    });

    it('given a refused body, then nothing is appended', async () => {
      await app.settle();
      const head = await app.container.eventStore.headPosition();

      await postBody(withProvider({ identification_document_code: '13' }));
      await postBody(withProvider({ tribute_code: 'ZZ' }));

      expect(await app.container.eventStore.headPosition()).to.equal(head);
    });
  });
});
