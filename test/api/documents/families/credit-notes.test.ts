import { LIVE_READY, liveNumbering } from '../../../support/live-numbering.ts';
import { expect } from 'chai';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { expectProblem, expectSchema } from '../../../support/api-test-helpers.ts';
import {
  LIVE_ENVIRONMENT,
  REJECTED_IDENTIFICATION,
  create,
  expect422Naming,
  expectOnlyFields,
  expectValidatedShape,
  expectedCude,
  issueValidated,
  list,
  noteBody,
  periodNoteBody,
  post,
  record,
  remove,
  supportDocumentBody,
} from '../../../support/family-test-helpers.ts';

describe('POST /invoices/v1/credit-notes', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp(LIVE_READY);
    tenant = await app.createTenant();
  });
  after(() => app.close());

  const invoice = () => issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());

  describe('a valid credit note reaches validated through the sandbox', () => {
    it('given a note that names a billing period, then 202, and after settling validated on the NC range with a CUDE recomputed from the record', async () => {
      const accepted = await create(app, 'credit-note', tenant.key, periodNoteBody({ concept: '3' }));
      expect(accepted.status).to.equal('pending');

      await app.settle();

      const note = await record(app, 'credit-note', tenant.key, accepted.id);
      expectValidatedShape(note, 'cude', /^NC\d+$/);
      expect(note.cude).to.equal(expectedCude(note));
      expect(note.environment).to.equal('test');
      expect(note.issuer.nit).to.equal('900825759');
      expect(note.concept).to.equal('3');
      expect(note.billing_period).to.deep.equal({ start_date: '2026-01-01', end_date: '2026-01-31' });
      expect(note).to.not.have.property('reference');
      expect(note.totals.line_extension_amount).to.equal('70000.00');
      expect(note.totals.payable_amount).to.equal('83300.00');
    });

    it('given successive notes, then they number consecutively on their own range, apart from the invoices', async () => {
      const fresh = await app.createTenant({ nit: '890903938' });
      const bill = await issueValidated(app, 'sales-invoice', fresh.key, sampleInvoice());
      const first = await issueValidated(app, 'credit-note', fresh.key, periodNoteBody());
      const second = await issueValidated(app, 'credit-note', fresh.key, noteBody({ bill_number: bill.number }));

      expect(bill.number).to.equal('SETP990000000');
      expect([first.number, second.number]).to.deep.equal(['NC1', 'NC2']);
      expect(second.cude).to.equal(expectedCude(second));
      expect(second.cude).to.not.equal(first.cude);
    });

    it('given a live key and a live invoice, then the CUDE is computed for production (TipoAmbiente 1)', async () => {
      const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');
      await liveNumbering(app, tenant.tenantId);
      const bill = await issueValidated(app, 'sales-invoice', live.key, sampleInvoice());

      const note = await issueValidated(app, 'credit-note', live.key, noteBody({ bill_number: bill.number }));

      expect(note.environment).to.equal('live');
      expect(note.cude).to.equal(expectedCude(note, LIVE_ENVIRONMENT));
      expect(note.reference.id).to.equal(bill.id);
    });

    it('given each concept of the catalog but annulment (1, 3, 4, 5 prompt-payment, 6 volume), then each is accepted', async () => {
      for (const concept of ['1', '3', '4', '5', '6']) {
        const answer = await post(app, 'credit-note', tenant.key, periodNoteBody({ concept }));
        expect(answer.status, `concept ${concept}: ${answer.text}`).to.equal(202);
      }
    });

    it('given a billing period of a single day, then it is accepted (start not after end)', async () => {
      const answer = await post(app, 'credit-note', tenant.key, periodNoteBody({ billing_period: { start_date: '2026-03-15', end_date: '2026-03-15' } }));

      expect(answer.status, answer.text).to.equal(202);
    });
  });

  describe('bill_number: a validated sales invoice of the same tenant and environment', () => {
    it('given a partial return (concept 1) of a validated invoice, then the record references the invoice and the invoice stays validated', async () => {
      const bill = await invoice();

      const note = await issueValidated(app, 'credit-note', tenant.key, noteBody({ concept: '1', bill_number: bill.number }));

      expect(note.reference).to.deep.equal({
        family: 'sales-invoice',
        id: bill.id,
        number: bill.number,
        unique_code: bill.cufe,
        issue_date: bill.issue_date,
      });
      expect(note.bill_number).to.equal(bill.number);
      expect(note.cude).to.equal(expectedCude(note));
      const after = await record(app, 'sales-invoice', tenant.key, bill.id);
      expect(after.status).to.equal('validated');
      expect(after).to.not.have.property('voided_by');
    });

    it('given an annulment (concept 2), then after settling the invoice is voided, names the note in voided_by, and cannot be deleted', async () => {
      const bill = await invoice();

      const note = await issueValidated(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));

      const voided = await record(app, 'sales-invoice', tenant.key, bill.id);
      expect(voided.status).to.equal('voided');
      expect(voided.voided_by).to.deep.equal({ family: 'credit-note', id: note.id, number: note.number });
      expect(voided.number).to.equal(bill.number);
      expect(voided.cufe).to.equal(bill.cufe);
      expectProblem(await remove(app, 'sales-invoice', tenant.key, bill.id), 409, 'document_validated');
      expect((await record(app, 'sales-invoice', tenant.key, bill.id)).status).to.equal('voided');
      const listed = await list(app, 'sales-invoice', tenant.key, `number=${bill.number}`);
      expect(listed.body.data.map((row: { status: string }) => row.status)).to.deep.equal(['voided']);
    });

    it('given a voided invoice, when a second annulment (or any other note) names it, then 422 naming bill_number and saying it is voided', async () => {
      const bill = await invoice();
      await issueValidated(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));

      const second = await post(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));
      const partial = await post(app, 'credit-note', tenant.key, noteBody({ concept: '1', bill_number: bill.number }));

      expect422Naming(second, 'bill_number', /voided/);
      expectOnlyFields(second, ['bill_number']);
      expect422Naming(partial, 'bill_number', /voided/);
    });

    it('given the annulment POST retried with its key after the invoice was voided, then the original note is answered (a replay, not a 422)', async () => {
      const bill = await invoice();
      const body = noteBody({ concept: '2', bill_number: bill.number });
      const key = `retry-annulment-${bill.id}`;
      const first = await create(app, 'credit-note', tenant.key, body, key);
      await app.settle();
      expect((await record(app, 'sales-invoice', tenant.key, bill.id)).status).to.equal('voided');

      const again = await post(app, 'credit-note', tenant.key, body, key);

      expect(again.status, again.text).to.equal(202);
      expect(again.body.id).to.equal(first.id);
    });

    it('given an annulment the authority rejects, then the invoice stays validated', async () => {
      const bill = await invoice();

      const accepted = await create(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }, { identification: REJECTED_IDENTIFICATION }));
      await app.settle();

      expect((await record(app, 'credit-note', tenant.key, accepted.id)).status).to.equal('rejected');
      expect((await record(app, 'sales-invoice', tenant.key, bill.id)).status).to.equal('validated');
    });

    it('given an unknown invoice number, then 422 naming bill_number', async () => {
      const answer = await post(app, 'credit-note', tenant.key, noteBody({ bill_number: 'SETP994999999' }));

      expect422Naming(answer, 'bill_number', /no validated sales invoice/);
      expectOnlyFields(answer, ['bill_number']);
    });

    it('given a bill_number that is not a tax-authority number (separators, too long, empty), then 422 naming bill_number', async () => {
      for (const bill_number of ['SETP-990000000', 'SETP 990000000', 'X'.repeat(41), '']) {
        expect422Naming(await post(app, 'credit-note', tenant.key, noteBody({ bill_number })), 'bill_number');
      }
    });

    it('given the number of a support document (another family), then 422 naming bill_number', async () => {
      const supportDocument = await issueValidated(app, 'support-document', tenant.key, supportDocumentBody());

      expect422Naming(await post(app, 'credit-note', tenant.key, noteBody({ bill_number: supportDocument.number })), 'bill_number');
    });

    it('given the number of an invoice of another tenant, then 422 naming bill_number', async () => {
      const owner = await app.createTenant({ nit: '860002964' });
      const stranger = await app.createTenant({ nit: '900373076' });
      const bill = await issueValidated(app, 'sales-invoice', owner.key, sampleInvoice());

      const answer = await post(app, 'credit-note', stranger.key, noteBody({ bill_number: bill.number }));

      expect422Naming(answer, 'bill_number', /no validated sales invoice/);
      expect((await record(app, 'sales-invoice', owner.key, bill.id)).status).to.equal('validated');
    });

    it('given the number of a live-environment invoice of the same tenant, then a test-key note gets 422 naming bill_number', async () => {
      const fresh = await app.createTenant({ nit: '800197268' });
      const live = await app.createKey(fresh.tenantId, ['invoices:read', 'invoices:write'], 'live');
      await liveNumbering(app, fresh.tenantId);
      const bill = await issueValidated(app, 'sales-invoice', live.key, sampleInvoice());

      const fromTest = await post(app, 'credit-note', fresh.key, noteBody({ concept: '2', bill_number: bill.number }));

      expect422Naming(fromTest, 'bill_number');
      await app.settle();
      expect((await record(app, 'sales-invoice', live.key, bill.id)).status).to.equal('validated');
    });

    it('given a rejected invoice (it never got a number), then a note naming the number it would have had is 422; the next validated invoice takes that number and can be named', async () => {
      const fresh = await app.createTenant({ nit: '830054539' });
      const refused = await create(app, 'sales-invoice', fresh.key, sampleInvoice({ identification: REJECTED_IDENTIFICATION }));
      await app.settle();
      const rejected = await record(app, 'sales-invoice', fresh.key, refused.id);
      expect(rejected.status).to.equal('rejected');
      expect(rejected.number).to.equal(null);

      expect422Naming(await post(app, 'credit-note', fresh.key, noteBody({ bill_number: 'SETP990000000' })), 'bill_number');

      const bill = await issueValidated(app, 'sales-invoice', fresh.key, sampleInvoice());
      expect(bill.number).to.equal('SETP990000000');
      const note = await issueValidated(app, 'credit-note', fresh.key, noteBody({ bill_number: 'SETP990000000' }));
      expect(note.reference.id).to.equal(bill.id);
    });
  });

  describe('issuance rules of the body (each broken rule → 422 naming the field)', () => {
    it('given neither bill_number nor billing_period, then 422 naming billing_period only', async () => {
      const answer = await post(app, 'credit-note', tenant.key, noteBody({ concept: '1' }));

      expect422Naming(answer, 'billing_period', /required when bill_number is omitted/);
      expectOnlyFields(answer, ['billing_period']);
    });

    it('given a billing period that starts after it ends, then 422 naming billing_period', async () => {
      const answer = await post(app, 'credit-note', tenant.key, periodNoteBody({ billing_period: { start_date: '2026-02-01', end_date: '2026-01-31' } }));

      expect422Naming(answer, 'billing_period', /before start_date|must not end before/);
    });

    it('given a billing period with a missing or impossible date, then 422 naming billing_period', async () => {
      for (const billing_period of [{ start_date: '2026-01-01' }, { end_date: '2026-01-31' }, { start_date: '2026-02-30', end_date: '2026-03-01' }, { start_date: '01/01/2026', end_date: '2026-01-31' }, {}]) {
        expect422Naming(await post(app, 'credit-note', tenant.key, periodNoteBody({ billing_period })), 'billing_period');
      }
    });

    it('given concept "7" (not in the credit-note catalog 1–6), then 422 naming concept', async () => {
      const answer = await post(app, 'credit-note', tenant.key, periodNoteBody({ concept: '7' }));

      expect422Naming(answer, 'concept', /"7" is not a credit note concept/);
      expectOnlyFields(answer, ['concept']);
    });

    it('given other concepts outside the catalog or none, then 422 naming concept', async () => {
      for (const concept of ['0', '01', 'A', '', 2, undefined]) {
        const body = periodNoteBody({ concept });
        if (concept === undefined) delete body.concept;
        expect422Naming(await post(app, 'credit-note', tenant.key, body), 'concept');
      }
    });

    it('given an annulment (concept 2) without bill_number, then 422 naming bill_number even when a billing period is given', async () => {
      const withPeriod = await post(app, 'credit-note', tenant.key, periodNoteBody({ concept: '2' }));
      const bare = await post(app, 'credit-note', tenant.key, noteBody({ concept: '2' }));

      expect422Naming(withPeriod, 'bill_number', /voids an invoice/);
      expectOnlyFields(withPeriod, ['bill_number']);
      expect422Naming(bare, 'bill_number');
    });

    it('given a provider instead of a customer, then 422 naming both (the counterparty of a note is the customer)', async () => {
      const { customer, ...body } = periodNoteBody();

      const answer = await post(app, 'credit-note', tenant.key, { ...body, provider: customer });

      expect422Naming(answer, 'customer');
      expect422Naming(answer, 'provider');
    });

    it('given payment details that do not add up to the payable amount, then 422 naming payment_details', async () => {
      const answer = await post(app, 'credit-note', tenant.key, periodNoteBody({
        payment_details: [{ payment_form: '1', payment_method_code: '10', amount: '80000.00' }],
      }));

      expect422Naming(answer, 'payment_details', /83300\.00/);
    });

    it('given a support_document_number (an adjustment-note field), then 422 naming it', async () => {
      expect422Naming(await post(app, 'credit-note', tenant.key, periodNoteBody({ support_document_number: 'SEDS984000000' })), 'support_document_number');
    });

    it('given a refused body, then nothing is appended', async () => {
      await app.settle();
      const head = await app.container.eventStore.headPosition();

      await post(app, 'credit-note', tenant.key, noteBody({ concept: '7' }));
      await post(app, 'credit-note', tenant.key, noteBody({ bill_number: 'SETP994999999' }));

      expect(await app.container.eventStore.headPosition()).to.equal(head);
    });
  });
});

describe('POST /invoices/v1/credit-notes naming an invoice that is still pending (workers stopped)', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp({}, { workers: false });
    tenant = await app.createTenant();
  });
  after(() => app.close());

  it('given a pending invoice, when a note names the number it will get, then 422 naming bill_number; once validated the same note is accepted', async () => {
    const pending = await create(app, 'sales-invoice', tenant.key, sampleInvoice());
    expect((await record(app, 'sales-invoice', tenant.key, pending.id)).number).to.equal(null);

    expect422Naming(await post(app, 'credit-note', tenant.key, noteBody({ bill_number: 'SETP990000000' })), 'bill_number');

    await app.container.startWorkers();
    await app.settle();
    const bill = await record(app, 'sales-invoice', tenant.key, pending.id);
    expect(bill.number).to.equal('SETP990000000');
    const answer = await post(app, 'credit-note', tenant.key, noteBody({ bill_number: 'SETP990000000' }));
    expect(answer.status, answer.text).to.equal(202);
    expectSchema('Accepted', answer.body);
  });
});

describe('POST /invoices/v1/credit-notes while the lists projection lags behind the event store', () => {
  let app: TestApp;
  let tenant: TestTenant;
  /** While true, every write of the documents projection takes 100 ms longer: the read model lags, as under load. */
  let slow = false;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    const rows = app.container.documents;
    const upsert = rows.upsert.bind(rows);
    rows.upsert = async (...args: Parameters<typeof upsert>) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 100));
      return upsert(...args);
    };
  });
  afterEach(() => {
    slow = false;
  });
  after(() => app.close());

  /** GET by id folds the stream, so it shows the outcome before the lagging projection does. */
  async function until(id: string, status: string): Promise<Record<string, any>> {
    for (let i = 0; i < 1000; i += 1) {
      const document = await record(app, 'sales-invoice', tenant.key, id);
      if (document.status === status) return document;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error(`sales invoice ${id} never reached ${status}`);
  }

  it('given an invoice GET already shows validated, when a note names its number at once, then it is accepted (not refused because the list lags)', async () => {
    slow = true;
    const accepted = await create(app, 'sales-invoice', tenant.key, sampleInvoice());
    const bill = await until(accepted.id, 'validated');

    const answer = await post(app, 'credit-note', tenant.key, noteBody({ bill_number: bill.number }));

    slow = false;
    await app.settle();
    expect(answer.status, `a client that read "validated" by id and then issued the note got: ${answer.text}`).to.equal(202);
  });

  it('given an invoice GET already shows voided, when a second annulment names it at once, then 422 naming bill_number (never two annulments)', async () => {
    const bill = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    slow = true;
    await create(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));
    const voided = await until(bill.id, 'voided');
    expect(voided.voided_by.family).to.equal('credit-note');

    const second = await post(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));

    slow = false;
    await app.settle();
    expect422Naming(second, 'bill_number', /voided/);
  });
});

describe('POST /invoices/v1/credit-notes: one annulment of an invoice at a time', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  /** Holds every new document in pending (no submission) while `work` runs, then lets the workers catch up. */
  async function withSubmissionStopped(work: () => Promise<void>): Promise<void> {
    await app.settle();
    await app.container.runner('submission').stop();
    try {
      await work();
    } finally {
      await app.container.runner('submission').start();
      await app.settle();
    }
  }

  it('given an annulment still pending, when a second annulment names the same invoice, then 422 naming bill_number, and only the first voids it', async () => {
    const bill = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    let first = '';

    await withSubmissionStopped(async () => {
      first = (await create(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }))).id;
      const second = await post(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number, observation: 'segunda anulación' }));
      expect422Naming(second, 'bill_number');
    });

    const voided = await record(app, 'sales-invoice', tenant.key, bill.id);
    expect(voided.status).to.equal('voided');
    expect(voided.voided_by.id).to.equal(first);
    const annulments = await list(app, 'credit-note', tenant.key, 'per_page=100');
    expect(annulments.body.data.filter((row: { status: string }) => row.status === 'validated')).to.have.length(1);
  });

  it('given a pending annulment that is discarded, then a new annulment of the invoice is accepted and voids it', async () => {
    const bill = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    let replacement = '';

    await withSubmissionStopped(async () => {
      const discarded = await create(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));
      expect((await remove(app, 'credit-note', tenant.key, discarded.id)).status).to.equal(200);
      replacement = (await create(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number, observation: 'reemplazo' }))).id;
    });

    const voided = await record(app, 'sales-invoice', tenant.key, bill.id);
    expect(voided.status).to.equal('voided');
    expect(voided.voided_by.id).to.equal(replacement);
  });

  it('given an annulment the authority rejected, then a new annulment of the invoice is accepted and voids it', async () => {
    const bill = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    const rejected = await create(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }, { identification: REJECTED_IDENTIFICATION }));
    await app.settle();
    expect((await record(app, 'credit-note', tenant.key, rejected.id)).status).to.equal('rejected');

    const note = await issueValidated(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));

    expect((await record(app, 'sales-invoice', tenant.key, bill.id)).voided_by.id).to.equal(note.id);
  });
});
