import { LIVE_READY, liveNumbering } from '../../../support/live-numbering.ts';
import { expect } from 'chai';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import {
  create,
  expect422Naming,
  expectOnlyFields,
  expectValidatedShape,
  expectedCude,
  issueValidated,
  noteBody,
  periodNoteBody,
  post,
  record,
} from '../../../support/family-test-helpers.ts';

describe('POST /invoices/v1/debit-notes', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp(LIVE_READY);
    tenant = await app.createTenant();
  });
  after(() => app.close());

  const invoice = () => issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());

  describe('a valid debit note reaches validated through the sandbox', () => {
    it('given a note that names a billing period, then 202, and after settling validated on the ND range with a CUDE recomputed from the record', async () => {
      const fresh = await app.createTenant({ nit: '890903938' });
      const accepted = await create(app, 'debit-note', fresh.key, periodNoteBody({ concept: '1' }));
      expect(accepted.status).to.equal('pending');

      await app.settle();

      const note = await record(app, 'debit-note', fresh.key, accepted.id);
      expectValidatedShape(note, 'cude', /^ND\d+$/);
      expect(note.number).to.equal('ND1');
      expect(note.cude).to.equal(expectedCude(note));
      expect(note).to.not.have.property('reference');
      expect(note.totals.payable_amount).to.equal('83300.00');
    });

    it('given credit and debit notes of one tenant, then each family numbers on its own range', async () => {
      const fresh = await app.createTenant({ nit: '860002964' });
      const debit1 = await issueValidated(app, 'debit-note', fresh.key, periodNoteBody());
      const credit1 = await issueValidated(app, 'credit-note', fresh.key, periodNoteBody());
      const debit2 = await issueValidated(app, 'debit-note', fresh.key, periodNoteBody({ concept: '4' }));

      expect([debit1.number, credit1.number, debit2.number]).to.deep.equal(['ND1', 'NC1', 'ND2']);
      expect(debit2.cude).to.equal(expectedCude(debit2));
    });

    it('given each concept of the debit-note catalog (1 interest, 2 expenses receivable, 3 change of value, 4 other), then each is accepted', async () => {
      for (const concept of ['1', '2', '3', '4']) {
        const answer = await post(app, 'debit-note', tenant.key, periodNoteBody({ concept }));
        expect(answer.status, `concept ${concept}: ${answer.text}`).to.equal(202);
      }
    });
  });

  describe('bill_number: a validated sales invoice of the same tenant and environment', () => {
    it('given a validated invoice, then the note references it, its CUDE matches, and the invoice stays validated', async () => {
      const bill = await invoice();

      const note = await issueValidated(app, 'debit-note', tenant.key, noteBody({ concept: '1', bill_number: bill.number }));

      expect(note.reference).to.deep.equal({
        family: 'sales-invoice',
        id: bill.id,
        number: bill.number,
        unique_code: bill.cufe,
        issue_date: bill.issue_date,
      });
      expect(note.cude).to.equal(expectedCude(note));
      expect((await record(app, 'sales-invoice', tenant.key, bill.id)).status).to.equal('validated');
    });

    it('given concept 2 (expenses receivable, not an annulment), then the invoice is not voided', async () => {
      const bill = await invoice();

      await issueValidated(app, 'debit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));

      const after = await record(app, 'sales-invoice', tenant.key, bill.id);
      expect(after.status).to.equal('validated');
      expect(after).to.not.have.property('voided_by');
    });

    it('given an invoice voided by a credit note, then a debit note naming it is 422 naming bill_number', async () => {
      const bill = await invoice();
      await issueValidated(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));

      expect422Naming(await post(app, 'debit-note', tenant.key, noteBody({ bill_number: bill.number })), 'bill_number', /voided/);
    });

    it('given an unknown number, a malformed one, or a credit note’s number, then 422 naming bill_number', async () => {
      const credit = await issueValidated(app, 'credit-note', tenant.key, periodNoteBody());

      for (const bill_number of ['SETP994999999', 'SETP/1', credit.number]) {
        const answer = await post(app, 'debit-note', tenant.key, noteBody({ bill_number }));
        expect422Naming(answer, 'bill_number');
        expectOnlyFields(answer, ['bill_number']);
      }
    });

    it('given the number of another tenant’s invoice, then 422 naming bill_number', async () => {
      const owner = await app.createTenant({ nit: '900373076' });
      const stranger = await app.createTenant({ nit: '830054539' });
      const bill = await issueValidated(app, 'sales-invoice', owner.key, sampleInvoice());

      expect422Naming(await post(app, 'debit-note', stranger.key, noteBody({ bill_number: bill.number })), 'bill_number');
    });

    it('given the number of a live-environment invoice of the same tenant, then a test-key note is 422 naming bill_number', async () => {
      const fresh = await app.createTenant({ nit: '800197268' });
      const live = await app.createKey(fresh.tenantId, ['invoices:read', 'invoices:write'], 'live');
      await liveNumbering(app, fresh.tenantId);
      const bill = await issueValidated(app, 'sales-invoice', live.key, sampleInvoice());

      expect422Naming(await post(app, 'debit-note', fresh.key, noteBody({ bill_number: bill.number })), 'bill_number');
      expect((await post(app, 'debit-note', live.key, noteBody({ bill_number: bill.number }))).status).to.equal(202);
    });
  });

  describe('issuance rules of the body (each broken rule → 422 naming the field)', () => {
    it('given neither bill_number nor billing_period, then 422 naming billing_period only', async () => {
      const answer = await post(app, 'debit-note', tenant.key, noteBody({ concept: '1' }));

      expect422Naming(answer, 'billing_period', /required when bill_number is omitted/);
      expectOnlyFields(answer, ['billing_period']);
    });

    it('given a billing period that starts after it ends, then 422 naming billing_period', async () => {
      const answer = await post(app, 'debit-note', tenant.key, periodNoteBody({ billing_period: { start_date: '2026-12-31', end_date: '2026-01-01' } }));

      expect422Naming(answer, 'billing_period');
    });

    it('given concept "5" (not in the debit-note catalog 1–4), then 422 naming concept', async () => {
      const answer = await post(app, 'debit-note', tenant.key, periodNoteBody({ concept: '5' }));

      expect422Naming(answer, 'concept', /"5" is not a debit note concept/);
      expectOnlyFields(answer, ['concept']);
    });

    it('given credit-note-only concepts (6) or none, then 422 naming concept', async () => {
      for (const concept of ['6', '0', '', undefined]) {
        const body = periodNoteBody({ concept });
        if (concept === undefined) delete body.concept;
        expect422Naming(await post(app, 'debit-note', tenant.key, body), 'concept');
      }
    });

    it('given concept 2 without bill_number but with a billing period, then it is accepted (annulment belongs to credit notes only)', async () => {
      const answer = await post(app, 'debit-note', tenant.key, periodNoteBody({ concept: '2' }));

      expect(answer.status, answer.text).to.equal(202);
    });

    it('given payment details that do not add up, then 422 naming payment_details', async () => {
      const answer = await post(app, 'debit-note', tenant.key, periodNoteBody({
        payment_details: [{ payment_form: '1', payment_method_code: '10', amount: '83299.99' }],
      }));

      expect422Naming(answer, 'payment_details', /83300\.00/);
    });
  });
});
