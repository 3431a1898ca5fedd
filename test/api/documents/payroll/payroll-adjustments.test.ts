import { LIVE_READY, liveNumbering } from '../../../support/live-numbering.ts';
import { expect } from 'chai';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import { http } from '../../../support/http.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { UUID_PATTERN, expectProblem, expectSchema } from '../../../support/api-test-helpers.ts';
import {
  ADJUSTMENTS,
  PAYROLLS,
  UNKNOWN_ID,
  create,
  expect422Naming,
  expectOnlyFields,
  expectedAdjustmentCune,
  expectedPayrollCune,
  issueValidated,
  list,
  post,
  read,
  record,
  remove,
} from './payroll-test-helpers.ts';

const NIT = '900825759';
const OTHER_NIT = '860069804';

describe('Payroll adjustment notes /payrolls/v1/adjustment-payrolls', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp(LIVE_READY);
    tenant = await app.createTenant({ nit: NIT });
  });
  after(() => app.close());

  const validatedPayroll = () => issueValidated(app, PAYROLLS, tenant.key, validPayrollBody());

  describe('a valid note', () => {
    it('given the number of a validated payroll, when posted, then 202 answers the Accepted body', async () => {
      const payroll = await validatedPayroll();

      const answer = await post(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number, observation: 'Nómina emitida por error' });

      expect(answer.status, answer.text).to.equal(202);
      expect(answer.body.id).to.match(UUID_PATTERN);
      expect(answer.body.status).to.equal('pending');
      expect(answer.body.links).to.deep.equal({ self: `${ADJUSTMENTS}/${answer.body.id}` });
      expect(answer.headers.get('location')).to.equal(`${ADJUSTMENTS}/${answer.body.id}`);
      expectSchema('Accepted', answer.body);
    });

    it('given the note settles, then it is validated with an NIAE number and a CUNE of zeros, worker 0 and type 103', async () => {
      const payroll = await validatedPayroll();

      const note = await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number, observation: 'Nómina emitida por error' });

      expect(note.number).to.match(/^NIAE\d+$/);
      expect(note.cune).to.match(/^[0-9a-f]{96}$/);
      expect(note.cune).to.equal(expectedAdjustmentCune(note));
      expect(note.cune).to.not.equal(payroll.cune);
      expect(note.issue_time).to.match(/^\d{2}:\d{2}:\d{2}-05:00$/);
      expect(note.issuer).to.include({ nit: NIT });
      expect(note.environment).to.equal('test');
      expect(note.warnings).to.deep.equal([]);
      expect(note.totals).to.include({ accrued_total: '0.00', deducted_total: '0.00', net_total: '0.00', payable_amount: '0.00' });
      expect(note.payroll_number).to.equal(payroll.number);
      expect(note.observation).to.equal('Nómina emitida por error');
      expect(note.reference).to.deep.equal({
        family: 'payroll',
        id: payroll.id,
        number: payroll.number,
        unique_code: payroll.cune,
        issue_date: payroll.issue_date,
      });
      expect(note).to.not.have.property('worker');
      expect(note).to.not.have.property('accruals');
      expect(note.links).to.deep.equal({ self: `${ADJUSTMENTS}/${note.id}` });
    });

    it('given the note is validated, then the payroll is voided, voided_by names the note, and its number and CUNE are kept', async () => {
      const payroll = await validatedPayroll();
      const note = await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });
      await app.settle();

      const after = await record(app, PAYROLLS, tenant.key, payroll.id);

      expect(after.status).to.equal('voided');
      expect(after.voided_by).to.deep.equal({ family: 'payroll-adjustment', id: note.id, number: note.number });
      expect(after.number).to.equal(payroll.number);
      expect(after.cune).to.equal(payroll.cune);
      expect(after.cune).to.equal(expectedPayrollCune(after));
      expect(after.totals).to.deep.equal(payroll.totals);
    });

    it('given a note with only payroll_number (observation is optional), then it is validated', async () => {
      const payroll = await validatedPayroll();

      const note = await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });

      expect(note.number).to.match(/^NIAE\d+$/);
      expect(note).to.not.have.property('observation');
    });

    it('given notes validated one after another, then their NIAE numbers are consecutive, on a range of their own', async () => {
      const firstPayroll = await validatedPayroll();
      const secondPayroll = await validatedPayroll();
      const first = await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: firstPayroll.number });
      const thirdPayroll = await validatedPayroll();
      const second = await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: secondPayroll.number });

      const consecutive = (number: string, prefix: string) => Number(number.slice(prefix.length));
      expect(consecutive(second.number, 'NIAE')).to.equal(consecutive(first.number, 'NIAE') + 1);
      // Issuing a note took nothing from the payroll range.
      expect(consecutive(thirdPayroll.number, 'NE')).to.equal(consecutive(secondPayroll.number, 'NE') + 1);
    });

    it('given a fresh tenant, then its first note is NIAE1 even though its first payroll is NE1 (separate ranges)', async () => {
      const fresh = await app.createTenant({ nit: '800197268' });
      const payroll = await issueValidated(app, PAYROLLS, fresh.key, validPayrollBody());

      const note = await issueValidated(app, ADJUSTMENTS, fresh.key, { payroll_number: payroll.number });

      expect(payroll.number).to.equal('NE1');
      expect(note.number).to.equal('NIAE1');
    });
  });

  describe('payroll_number rules', () => {
    it('given no payroll_number, then 422 names payroll_number', async () => {
      const answer = await post(app, ADJUSTMENTS, tenant.key, { observation: 'sin número' });

      expect422Naming(answer, 'payroll_number', /is required/);
      expectOnlyFields(answer, ['payroll_number']);
    });

    it('given an empty body, then 422 names payroll_number', async () => {
      expect422Naming(await post(app, ADJUSTMENTS, tenant.key, {}), 'payroll_number');
    });

    it('given a number no payroll of the tenant has, then 422 names payroll_number', async () => {
      const answer = await post(app, ADJUSTMENTS, tenant.key, { payroll_number: 'NE99999' });

      expect422Naming(answer, 'payroll_number', /no validated payroll with number NE99999/);
      expectOnlyFields(answer, ['payroll_number']);
    });

    it('given the number of a payroll of another tenant, then 422 names payroll_number and that payroll stays validated', async () => {
      const payroll = await validatedPayroll();
      const other = await app.createTenant({ nit: OTHER_NIT });

      const answer = await post(app, ADJUSTMENTS, other.key, { payroll_number: payroll.number });

      expect422Naming(answer, 'payroll_number', /no validated payroll/);
      expect((await record(app, PAYROLLS, tenant.key, payroll.id)).status).to.equal('validated');
    });

    it('given the number of a test-environment payroll sent with a live key, then 422: environments do not mix', async () => {
      const payroll = await validatedPayroll();
      const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');

      expect422Naming(await post(app, ADJUSTMENTS, live.key, { payroll_number: payroll.number }), 'payroll_number', /no validated payroll/);
      expect((await record(app, PAYROLLS, tenant.key, payroll.id)).status).to.equal('validated');
    });

    it('given a live note, then its CUNE uses TipAmb 1', async () => {
      const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');
      await liveNumbering(app, tenant.tenantId);
      const payroll = await issueValidated(app, PAYROLLS, live.key, validPayrollBody());

      const note = await issueValidated(app, ADJUSTMENTS, live.key, { payroll_number: payroll.number });

      expect(note.environment).to.equal('live');
      expect(note.cune).to.equal(expectedAdjustmentCune(note, '1'));
    });

    it('given the number of a sales invoice of the tenant, then 422: a note deletes payrolls only', async () => {
      const accepted = await http(app.baseUrl, 'POST', '/invoices/v1/sales-invoices', {
        key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': `nomina-inv-${Date.now()}` },
      });
      expect(accepted.status, accepted.text).to.equal(202);
      await app.settle();
      const invoice = (await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${accepted.body.id}`, { key: tenant.key })).body;
      expect(invoice.status).to.equal('validated');

      expect422Naming(await post(app, ADJUSTMENTS, tenant.key, { payroll_number: invoice.number }), 'payroll_number');
    });

    it('given the number of a payroll already deleted by a note, then 422 says it is voided', async () => {
      const payroll = await validatedPayroll();
      await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });
      await app.settle();

      const answer = await post(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });

      expect422Naming(answer, 'payroll_number', /voided/);
    });

    it('given a tenant whose only payroll the authority rejected, then 422: it has no validated payroll to delete', async () => {
      const fresh = await app.createTenant({ nit: '811009788' });
      const body = validPayrollBody();
      body.worker.identification_number = '1111111111';
      const accepted = await create(app, PAYROLLS, fresh.key, body);
      await app.settle();
      const rejected = await record(app, PAYROLLS, fresh.key, accepted.id);
      expect(rejected.status).to.equal('rejected');
      expect(rejected.number).to.equal(null);
      expect(rejected.cune).to.equal(null);

      expect422Naming(await post(app, ADJUSTMENTS, fresh.key, { payroll_number: 'NE1' }), 'payroll_number', /no validated payroll with number NE1/);
    });

    it('given a payroll_number that is blank, too long, not a string, or not letters and digits, then 422 names payroll_number', async () => {
      for (const payrollNumber of ['', '   ', 'N'.repeat(51), 123, null, 'NE-1', 'NE 1']) {
        const answer = await post(app, ADJUSTMENTS, tenant.key, { payroll_number: payrollNumber });

        expect422Naming(answer, 'payroll_number');
      }
    });

    it('given an unknown extra field, then 422 names it', async () => {
      const payroll = await validatedPayroll();

      for (const extra of ['worker', 'accruals', 'type_note', 'payroll_id']) {
        const answer = await post(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number, [extra]: {} });

        expect422Naming(answer, extra);
      }
      expect((await record(app, PAYROLLS, tenant.key, payroll.id)).status).to.equal('validated');
    });

    it('given an observation longer than 250 characters, then 422 names observation', async () => {
      const payroll = await validatedPayroll();

      expect422Naming(await post(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number, observation: 'x'.repeat(251) }), 'observation');
    });

    it('given no credential, then 401 problem+json', async () => {
      expectProblem(await post(app, ADJUSTMENTS, undefined, { payroll_number: 'NE1' }), 401);
    });
  });

  describe('a payroll is deleted once', () => {
    // The sandbox answers after SANDBOX_DELAY_MS (50 ms by default); 200 ms here makes the window visible.
    let slow: TestApp;
    let owner: TestTenant;

    before(async () => {
      slow = await startTestApp({ SANDBOX_DELAY_MS: '200' });
      owner = await slow.createTenant({ nit: NIT });
    });
    after(() => slow.close());

    it('given a second note for a payroll whose first note is still with the authority, then the second is not validated too', async () => {
      const payroll = await issueValidated(slow, PAYROLLS, owner.key, validPayrollBody());

      const first = await create(slow, ADJUSTMENTS, owner.key, { payroll_number: payroll.number });
      const second = await post(slow, ADJUSTMENTS, owner.key, { payroll_number: payroll.number, observation: 'otra vez' });
      await slow.settle();

      const statuses = [(await record(slow, ADJUSTMENTS, owner.key, first.id)).status];
      if (second.status === 202) statuses.push((await record(slow, ADJUSTMENTS, owner.key, second.body.id)).status);
      expect(statuses.filter((status) => status === 'validated'), `second POST answered ${second.status}; note statuses ${statuses}`).to.have.length(1);
      expect((await record(slow, PAYROLLS, owner.key, payroll.id)).voided_by.id).to.equal(first.id);
    });

    it('given two notes for the same payroll posted at the same time, then only one is validated', async () => {
      const payroll = await issueValidated(slow, PAYROLLS, owner.key, validPayrollBody());

      const answers = await Promise.all([
        post(slow, ADJUSTMENTS, owner.key, { payroll_number: payroll.number }),
        post(slow, ADJUSTMENTS, owner.key, { payroll_number: payroll.number, observation: 'duplicada' }),
      ]);
      await slow.settle();

      const statuses = await Promise.all(answers.filter((answer) => answer.status === 202)
        .map(async (answer) => (await record(slow, ADJUSTMENTS, owner.key, answer.body.id)).status));
      expect(statuses.filter((status) => status === 'validated'), `POSTs answered ${answers.map((answer) => answer.status)}; statuses ${statuses}`)
        .to.have.length(1);
    });
  });

  describe('operations the payroll adjustment family does not have', () => {
    it('given a note, when DELETE is sent, then 404 problem+json and the note is untouched', async () => {
      const payroll = await validatedPayroll();
      const note = await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });

      expectProblem(await remove(app, ADJUSTMENTS, tenant.key, note.id), 404, 'not_found');
      expectProblem(await remove(app, ADJUSTMENTS, tenant.key, UNKNOWN_ID), 404, 'not_found');

      expect((await record(app, ADJUSTMENTS, tenant.key, note.id)).status).to.equal('validated');
    });

    it('given a note just posted (not yet settled), when DELETE is sent, then 404 and the note still reaches validated', async () => {
      const payroll = await validatedPayroll();
      const accepted = await create(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });

      expectProblem(await remove(app, ADJUSTMENTS, tenant.key, accepted.id), 404, 'not_found');
      await app.settle();

      expect((await record(app, ADJUSTMENTS, tenant.key, accepted.id)).status).to.equal('validated');
      expect((await record(app, PAYROLLS, tenant.key, payroll.id)).status).to.equal('voided');
    });

    it('given a note, when e-mail is asked for or it is replaced with PUT/PATCH, then 404; its pdf, a format it lacks, 422', async () => {
      const payroll = await validatedPayroll();
      const note = await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });

      expectProblem(await http(app.baseUrl, 'POST', `${ADJUSTMENTS}/${note.id}/email`, { key: tenant.key, body: { to: 'a@b.co' } }), 404, 'not_found');
      expectProblem(await http(app.baseUrl, 'GET', `${ADJUSTMENTS}/${note.id}/email`, { key: tenant.key }), 404, 'not_found');
      expectProblem(await http(app.baseUrl, 'GET', `${ADJUSTMENTS}/${note.id}/pdf`, { key: tenant.key }), 422, 'validation_failed');
      expectProblem(await http(app.baseUrl, 'PUT', `${ADJUSTMENTS}/${note.id}`, { key: tenant.key, body: { payroll_number: payroll.number } }), 404, 'not_found');
      expectProblem(await http(app.baseUrl, 'PATCH', `${ADJUSTMENTS}/${note.id}`, { key: tenant.key, body: { observation: 'x' } }), 404, 'not_found');
    });
  });

  describe('a voided payroll', () => {
    it('given a payroll deleted by a note, when DELETE is sent on it, then 409 and it stays voided', async () => {
      const payroll = await validatedPayroll();
      await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });
      await app.settle();

      const problem = expectProblem(await remove(app, PAYROLLS, tenant.key, payroll.id), 409, 'document_validated');

      expect(problem.document_status).to.equal('voided');
      expect((await record(app, PAYROLLS, tenant.key, payroll.id)).status).to.equal('voided');
    });
  });

  describe('GET by id', () => {
    it('given an unknown id, then 404; a note of another tenant, then 404', async () => {
      const payroll = await validatedPayroll();
      const note = await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });
      const other = await app.createTenant({ nit: OTHER_NIT });

      expectProblem(await read(app, ADJUSTMENTS, tenant.key, UNKNOWN_ID), 404, 'not_found');
      expectProblem(await read(app, ADJUSTMENTS, other.key, note.id), 404, 'not_found');
    });

    it('given a note id read under the payroll path, or a payroll id under the note path, then 404', async () => {
      const payroll = await validatedPayroll();
      const note = await issueValidated(app, ADJUSTMENTS, tenant.key, { payroll_number: payroll.number });

      expectProblem(await read(app, PAYROLLS, tenant.key, note.id), 404, 'not_found');
      expectProblem(await read(app, ADJUSTMENTS, tenant.key, payroll.id), 404, 'not_found');
    });

    it('given an id that is not a UUID, then 422 names id', async () => {
      expect422Naming(await read(app, ADJUSTMENTS, tenant.key, 'NIAE1'), 'id');
    });
  });

  describe('GET list', () => {
    let listing: TestApp;
    let owner: TestTenant;
    let stranger: TestTenant;
    const noteIds: string[] = [];

    before(async () => {
      listing = await startTestApp();
      owner = await listing.createTenant({ nit: NIT });
      stranger = await listing.createTenant({ nit: OTHER_NIT });
      for (let index = 0; index < 3; index += 1) {
        const payroll = await issueValidated(listing, PAYROLLS, owner.key, validPayrollBody());
        noteIds.push((await create(listing, ADJUSTMENTS, owner.key, { payroll_number: payroll.number })).id);
        await listing.settle();
      }
      const strangersPayroll = await issueValidated(listing, PAYROLLS, stranger.key, validPayrollBody());
      await create(listing, ADJUSTMENTS, stranger.key, { payroll_number: strangersPayroll.number });
      await listing.settle();
    });
    after(() => listing.close());

    it('given three notes of the tenant, then the list has them, most recent first, with NIAE numbers and CUNEs', async () => {
      const answer = await list(listing, ADJUSTMENTS, owner.key);

      expect(answer.status, answer.text).to.equal(200);
      expectSchema('DocumentList', answer.body);
      expect(answer.body.pagination).to.deep.equal({ page: 1, per_page: 25, total: 3, total_pages: 1 });
      expect(answer.body.data.map((row: any) => row.id)).to.deep.equal([...noteIds].reverse());
      for (const row of answer.body.data) {
        expect(row.status).to.equal('validated');
        expect(row.number).to.match(/^NIAE\d+$/);
        expect(row.cune).to.match(/^[0-9a-f]{96}$/);
        expect(row.payable_amount).to.equal('0.00');
        expect(row.links).to.deep.equal({ self: `${ADJUSTMENTS}/${row.id}` });
      }
    });

    it('given per_page=2, then two pages that cover the three notes without overlap', async () => {
      const first = await list(listing, ADJUSTMENTS, owner.key, 'per_page=2&page=1');
      const second = await list(listing, ADJUSTMENTS, owner.key, 'per_page=2&page=2');

      expect(first.body.data).to.have.length(2);
      expect(second.body.data).to.have.length(1);
      expect(first.body.pagination).to.deep.equal({ page: 1, per_page: 2, total: 3, total_pages: 2 });
      expect([...first.body.data, ...second.body.data].map((row: any) => row.id)).to.deep.equal([...noteIds].reverse());
    });

    it('given another tenant, then it lists only its own note', async () => {
      const answer = await list(listing, ADJUSTMENTS, stranger.key);

      expect(answer.body.pagination.total).to.equal(1);
      expect(answer.body.data.map((row: any) => row.id)).to.not.include.members(noteIds);
    });

    it('given the payroll list, then the notes are not in it and the deleted payrolls are listed as voided', async () => {
      const answer = await list(listing, PAYROLLS, owner.key);

      expect(answer.body.pagination.total).to.equal(3);
      expect(answer.body.data.map((row: any) => row.id)).to.not.include.members(noteIds);
      expect(answer.body.data.map((row: any) => row.status)).to.deep.equal(['voided', 'voided', 'voided']);
    });

    it('given status=validated, then the notes; without a key, 401', async () => {
      const answer = await list(listing, ADJUSTMENTS, owner.key, 'status=validated');

      expect(answer.body.pagination.total).to.equal(3);
      expectProblem(await list(listing, ADJUSTMENTS, undefined), 401);
    });
  });
});
