import { LIVE_READY, liveNumbering } from '../../../support/live-numbering.ts';
import { expect } from 'chai';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { expectProblem } from '../../../support/api-test-helpers.ts';
import {
  LIVE_ENVIRONMENT,
  REJECTED_IDENTIFICATION,
  adjustmentNoteBody,
  create,
  expect422Naming,
  expectOnlyFields,
  expectValidatedShape,
  expectedCuds,
  issueValidated,
  list,
  post,
  record,
  remove,
  supportDocumentBody,
  supportLine,
} from '../../../support/family-test-helpers.ts';

describe('POST /invoices/v1/adjustment-notes', () => {
  let app: TestApp;
  let tenant: TestTenant;
  /** A validated support document of the tenant that no test annuls. */
  let adjusted: Record<string, any>;

  before(async () => {
    app = await startTestApp(LIVE_READY);
    tenant = await app.createTenant();
    adjusted = await issueValidated(app, 'support-document', tenant.key, supportDocumentBody());
  });
  after(() => app.close());

  const supportDocument = () => issueValidated(app, 'support-document', tenant.key, supportDocumentBody());
  const postBody = (body: unknown) => post(app, 'adjustment-note', tenant.key, body);

  describe('a valid adjustment note reaches validated through the sandbox', () => {
    it('given a price adjustment of a validated support document, then 202, validated on the NAS range, CUDS recomputed, and the reference names the support document', async () => {
      const accepted = await create(app, 'adjustment-note', tenant.key, adjustmentNoteBody(adjusted.number, { concept: '4' }));
      expect(accepted.status).to.equal('pending');

      await app.settle();

      const note = await record(app, 'adjustment-note', tenant.key, accepted.id);
      expectValidatedShape(note, 'cuds', /^NAS\d+$/);
      expect(note.cuds).to.equal(expectedCuds(note));
      expect(note.reference).to.deep.equal({
        family: 'support-document',
        id: adjusted.id,
        number: adjusted.number,
        unique_code: adjusted.cuds,
        issue_date: adjusted.issue_date,
      });
      expect(note.support_document_number).to.equal(adjusted.number);
      expect(note.totals.line_extension_amount).to.equal('10000.00');
      expect(note.totals.payable_amount).to.equal('11900.00');
      expect((await record(app, 'support-document', tenant.key, adjusted.id)).status).to.equal('validated');
    });

    it('given support documents and adjustment notes of one tenant, then the notes number on their own NAS range, apart from SEDS', async () => {
      const fresh = await app.createTenant({ nit: '890903938' });
      const first = await issueValidated(app, 'support-document', fresh.key, supportDocumentBody());
      const note1 = await issueValidated(app, 'adjustment-note', fresh.key, adjustmentNoteBody(first.number));
      const second = await issueValidated(app, 'support-document', fresh.key, supportDocumentBody());
      const note2 = await issueValidated(app, 'adjustment-note', fresh.key, adjustmentNoteBody(second.number, { concept: '1' }));

      expect([first.number, second.number]).to.deep.equal(['SEDS984000000', 'SEDS984000001']);
      expect([note1.number, note2.number]).to.deep.equal(['NAS1', 'NAS2']);
      expect(note2.cuds).to.equal(expectedCuds(note2));
      const notes = await list(app, 'adjustment-note', fresh.key);
      expect(notes.body.data.map((row: { number: string }) => row.number)).to.deep.equal(['NAS2', 'NAS1']);
      const documents = await list(app, 'support-document', fresh.key);
      expect(documents.body.data.map((row: { number: string }) => row.number)).to.deep.equal(['SEDS984000001', 'SEDS984000000']);
    });

    it('given a live key and a live support document, then the CUDS is computed for production (TipoAmbiente 1)', async () => {
      const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');
      await liveNumbering(app, tenant.tenantId);
      const document = await issueValidated(app, 'support-document', live.key, supportDocumentBody());

      const note = await issueValidated(app, 'adjustment-note', live.key, adjustmentNoteBody(document.number));

      expect(note.cuds).to.equal(expectedCuds(note, LIVE_ENVIRONMENT));
      expect(document.cuds).to.equal(expectedCuds(document, LIVE_ENVIRONMENT));
    });

    it('given withholdings on the note’s lines, then they are reported and do not change the payable amount', async () => {
      const note = await issueValidated(app, 'adjustment-note', tenant.key, adjustmentNoteBody(adjusted.number, { items: [supportLine()] }));

      expect(note.totals.payable_amount).to.equal('95200.00');
      expect(note.totals.withholding_total).to.equal('2800.00');
      expect(note.cuds).to.equal(expectedCuds(note));
    });

    it('given concepts 1, 3, 4 and 5 (5 is "other" here, not prompt-payment discount), then each is accepted', async () => {
      for (const concept of ['1', '3', '4', '5']) {
        const answer = await postBody(adjustmentNoteBody(adjusted.number, { concept }));
        expect(answer.status, `concept ${concept}: ${answer.text}`).to.equal(202);
      }
    });

    it('given payment details adding up to the payable amount, then accepted; payment details are optional', async () => {
      const answer = await postBody(adjustmentNoteBody(adjusted.number, { payment_details: [{ payment_form: '1', payment_method_code: '10', amount: '11900.00' }] }));

      expect(answer.status, answer.text).to.equal(202);
    });
  });

  describe('annulment of the support document (concept 2)', () => {
    it('given concept 2, then after settling the support document is voided, names the note in voided_by, and cannot be deleted', async () => {
      const document = await supportDocument();

      const note = await issueValidated(app, 'adjustment-note', tenant.key, adjustmentNoteBody(document.number, { concept: '2' }));

      const voided = await record(app, 'support-document', tenant.key, document.id);
      expect(voided.status).to.equal('voided');
      expect(voided.voided_by).to.deep.equal({ family: 'adjustment-note', id: note.id, number: note.number });
      expect(voided.cuds).to.equal(document.cuds);
      expectProblem(await remove(app, 'support-document', tenant.key, document.id), 409, 'document_validated');
    });

    it('given a voided support document, when annulled again or adjusted, then 422 naming support_document_number', async () => {
      const document = await supportDocument();
      await issueValidated(app, 'adjustment-note', tenant.key, adjustmentNoteBody(document.number, { concept: '2' }));

      const again = await postBody(adjustmentNoteBody(document.number, { concept: '2' }));
      const adjust = await postBody(adjustmentNoteBody(document.number, { concept: '4' }));

      expect422Naming(again, 'support_document_number', /voided/);
      expectOnlyFields(again, ['support_document_number']);
      expect422Naming(adjust, 'support_document_number', /voided/);
    });

    it('given an annulment the authority rejects, then the support document stays validated', async () => {
      const document = await supportDocument();

      const accepted = await create(app, 'adjustment-note', tenant.key, adjustmentNoteBody(document.number, { concept: '2' }, { identification: REJECTED_IDENTIFICATION }));
      await app.settle();

      expect((await record(app, 'adjustment-note', tenant.key, accepted.id)).status).to.equal('rejected');
      expect((await record(app, 'support-document', tenant.key, document.id)).status).to.equal('validated');
    });

    it('given concepts other than 2, then the support document stays validated', async () => {
      const document = await supportDocument();

      await issueValidated(app, 'adjustment-note', tenant.key, adjustmentNoteBody(document.number, { concept: '5' }));

      expect((await record(app, 'support-document', tenant.key, document.id)).status).to.equal('validated');
    });
  });

  describe('support_document_number: a validated support document of the tenant', () => {
    it('given no support_document_number, then 422 naming it', async () => {
      const answer = await postBody(adjustmentNoteBody(undefined));

      expect422Naming(answer, 'support_document_number');
      expectOnlyFields(answer, ['support_document_number']);
    });

    it('given an unknown number, then 422 naming support_document_number', async () => {
      const answer = await postBody(adjustmentNoteBody('SEDS984999999'));

      expect422Naming(answer, 'support_document_number', /no validated support document/);
      expectOnlyFields(answer, ['support_document_number']);
    });

    it('given a malformed or empty number, then 422 naming support_document_number', async () => {
      for (const number of ['SEDS-984000000', 'SEDS 1', '', 'S'.repeat(41)]) {
        expect422Naming(await postBody(adjustmentNoteBody(number)), 'support_document_number');
      }
    });

    it('given the number of a sales invoice (another family), then 422 naming support_document_number', async () => {
      const invoice = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());

      expect422Naming(await postBody(adjustmentNoteBody(invoice.number)), 'support_document_number');
    });

    it('given the number of another tenant’s support document, then 422 naming support_document_number', async () => {
      const owner = await app.createTenant({ nit: '860002964' });
      const stranger = await app.createTenant({ nit: '900373076' });
      const document = await issueValidated(app, 'support-document', owner.key, supportDocumentBody());

      const answer = await post(app, 'adjustment-note', stranger.key, adjustmentNoteBody(document.number, { concept: '2' }));

      expect422Naming(answer, 'support_document_number');
      await app.settle();
      expect((await record(app, 'support-document', owner.key, document.id)).status).to.equal('validated');
    });

    it('given the number of a live support document of the same tenant, then a test-key note is 422', async () => {
      const fresh = await app.createTenant({ nit: '800197268' });
      const live = await app.createKey(fresh.tenantId, ['invoices:read', 'invoices:write'], 'live');
      await liveNumbering(app, fresh.tenantId);
      const document = await issueValidated(app, 'support-document', live.key, supportDocumentBody());

      expect422Naming(await post(app, 'adjustment-note', fresh.key, adjustmentNoteBody(document.number)), 'support_document_number');
    });

    it('given a rejected support document (no number), then naming the number it would have had is 422', async () => {
      const fresh = await app.createTenant({ nit: '830054539' });
      const refused = await create(app, 'support-document', fresh.key, supportDocumentBody({}, { identification: REJECTED_IDENTIFICATION }));
      await app.settle();
      expect((await record(app, 'support-document', fresh.key, refused.id)).status).to.equal('rejected');

      expect422Naming(await post(app, 'adjustment-note', fresh.key, adjustmentNoteBody('SEDS984000000')), 'support_document_number');
    });

    it('given bill_number in place of support_document_number, then 422 naming both', async () => {
      const answer = await postBody({ ...adjustmentNoteBody(undefined), bill_number: adjusted.number });

      expect422Naming(answer, 'support_document_number');
      expect422Naming(answer, 'bill_number');
    });
  });

  describe('issuance rules of the body (each broken rule → 422 naming the field)', () => {
    it('given concept "6" (the adjustment-note catalog is 1–5), then 422 naming concept', async () => {
      const answer = await postBody(adjustmentNoteBody(adjusted.number, { concept: '6' }));

      expect422Naming(answer, 'concept', /"6" is not an adjustment note concept/);
      expectOnlyFields(answer, ['concept']);
    });

    it('given other concepts outside the catalog or none, then 422 naming concept', async () => {
      for (const concept of ['0', '7', '', undefined]) {
        const body = adjustmentNoteBody(adjusted.number, { concept });
        if (concept === undefined) delete body.concept;
        expect422Naming(await postBody(body), 'concept');
      }
    });

    it('given the provider rules of the support document (code 13, tribute code, responsibilities, wrong dv, names), then 422 naming each', async () => {
      const code13 = adjustmentNoteBody(adjusted.number, {}, { identification_document_code: '13', identification: '1017123456' });
      delete code13.provider.dv;

      expect422Naming(await postBody(code13), 'provider.identification_document_code', /not admitted for the provider/);
      expect422Naming(await postBody(adjustmentNoteBody(adjusted.number, {}, { tribute_code: 'ZZ' })), 'provider.tribute_code');
      expect422Naming(await postBody(adjustmentNoteBody(adjusted.number, {}, { responsibilities: ['R-99-PN'] })), 'provider.responsibilities');
      expect422Naming(await postBody(adjustmentNoteBody(adjusted.number, {}, { dv: '0' })), 'provider.dv');
      expect422Naming(await postBody(adjustmentNoteBody(adjusted.number, {}, { address: ' ' })), 'provider.address');
      const noNames = adjustmentNoteBody(adjusted.number);
      delete noNames.provider.names;
      expect422Naming(await postBody(noNames), 'provider.names');
    });

    it('given a customer in place of the provider, then 422 naming both', async () => {
      const { provider: _provider, ...rest } = adjustmentNoteBody(adjusted.number);

      const answer = await postBody({ ...rest, customer: sampleInvoice().customer });

      expect422Naming(answer, 'provider');
      expect422Naming(answer, 'customer');
    });

    it('given tax 04 or withholding 07 on a line, then 422 naming it', async () => {
      const inc = adjustmentNoteBody(adjusted.number, { items: [supportLine({ taxes: [{ code: '04', rate: '8.00' }], withholding_taxes: [] })] });
      const withholding = adjustmentNoteBody(adjusted.number, { items: [supportLine({ withholding_taxes: [{ code: '07', rate: '1.00' }] })] });

      expect422Naming(await postBody(inc), 'items[0].taxes[0].code', /only 01/);
      expect422Naming(await postBody(withholding), 'items[0].withholding_taxes[0].code');
    });

    it('given payment details that do not add up to the payable amount, then 422 naming payment_details', async () => {
      const answer = await postBody(adjustmentNoteBody(adjusted.number, { payment_details: [{ payment_form: '1', payment_method_code: '10', amount: '10000.00' }] }));

      expect422Naming(answer, 'payment_details', /11900\.00/);
    });

    it('given a refused body, then nothing is appended', async () => {
      await app.settle();
      const head = await app.container.eventStore.headPosition();

      await postBody(adjustmentNoteBody(adjusted.number, { concept: '6' }));
      await postBody(adjustmentNoteBody('SEDS984999999'));

      expect(await app.container.eventStore.headPosition()).to.equal(head);
    });
  });
});

describe('POST /invoices/v1/adjustment-notes: one annulment of a support document at a time', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  it('given an annulment still pending, when a second annulment names the same support document, then 422 naming support_document_number, and only the first voids it', async () => {
    const document = await issueValidated(app, 'support-document', tenant.key, supportDocumentBody());
    await app.settle();
    await app.container.runner('submission').stop();
    let first = '';
    try {
      first = (await create(app, 'adjustment-note', tenant.key, adjustmentNoteBody(document.number, { concept: '2' }))).id;
      const second = await post(app, 'adjustment-note', tenant.key, adjustmentNoteBody(document.number, { concept: '2', observation: 'segunda' }));
      expect422Naming(second, 'support_document_number');
    } finally {
      await app.container.runner('submission').start();
      await app.settle();
    }

    const voided = await record(app, 'support-document', tenant.key, document.id);
    expect(voided.status).to.equal('voided');
    expect(voided.voided_by.id).to.equal(first);
  });
});
