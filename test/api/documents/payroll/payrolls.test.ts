import { LIVE_READY, liveNumbering } from '../../../support/live-numbering.ts';
import { expect } from 'chai';
import { PAYROLL_CONCEPTS } from '../../../../domain/payroll/payroll-concepts.ts';
import { payrollWithEveryConcept } from '../../../domain/payroll/every-concept.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import { http } from '../../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { UUID_PATTERN, expectProblem, expectSchema } from '../../../support/api-test-helpers.ts';
import {
  PAYROLLS,
  UNKNOWN_ID,
  create,
  difference,
  expectedPayrollCune,
  issueValidated,
  list,
  post,
  read,
  record,
  remove,
  sectionSum,
} from './payroll-test-helpers.ts';

const NIT = '900825759';
const OTHER_NIT = '860069804';

describe('Payrolls /payrolls/v1/payrolls (issuance, read, list, delete)', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp(LIVE_READY);
    tenant = await app.createTenant({ nit: NIT });
  });
  after(() => app.close());

  describe('POST and the sandbox', () => {
    it('given the valid example, when posted, then 202 answers the Accepted body and a Location', async () => {
      const answer = await post(app, PAYROLLS, tenant.key, validPayrollBody());

      expect(answer.status, answer.text).to.equal(202);
      expect(answer.body.id).to.match(UUID_PATTERN);
      expect(answer.body.transaction_id).to.match(UUID_PATTERN);
      expect(answer.body.status).to.equal('pending');
      expect(answer.body.links).to.deep.equal({ self: `${PAYROLLS}/${answer.body.id}` });
      expect(answer.headers.get('location')).to.equal(`${PAYROLLS}/${answer.body.id}`);
      expectSchema('Accepted', answer.body);
    });

    it('given the valid example, when settled, then it is validated with an NE number, totals and a CUNE recomputed from the record', async () => {
      const accepted = await create(app, PAYROLLS, tenant.key, validPayrollBody());
      await app.settle();

      const payroll = await record(app, PAYROLLS, tenant.key, accepted.id);

      expect(payroll.status).to.equal('validated');
      expect(payroll.transaction_id).to.equal(accepted.transaction_id);
      expect(payroll.number).to.match(/^NE\d+$/);
      expect(payroll.environment).to.equal('test');
      expect(payroll.validated_at).to.be.a('string');
      expect(payroll.issue_date).to.match(/^\d{4}-\d{2}-\d{2}$/);
      expect(payroll.issue_time).to.match(/^\d{2}:\d{2}:\d{2}-05:00$/);
      expect(payroll.issuer).to.include({ nit: NIT });
      expect(payroll.warnings).to.deep.equal([]);
      expect(payroll).to.not.have.property('errors');
      expect(payroll).to.not.have.property('cufe');
      expect(payroll).to.not.have.property('cude');
      // 2,800,000 + 249,095 + 300,000 + 79,545.45 accrued; 2 × 127,181.82 deducted.
      expect(payroll.totals).to.include({
        accrued_total: '3428640.45',
        deducted_total: '254363.64',
        net_total: '3174276.81',
        payable_amount: '3174276.81',
        rounding_amount: '0.00',
      });
      expect(payroll.cune).to.match(/^[0-9a-f]{96}$/);
      expect(payroll.cune).to.equal(expectedPayrollCune(payroll));
      expect(payroll.worker).to.include({ identification_number: '1234567890' });
      expect(payroll.settlement_period).to.deep.equal(validPayrollBody().settlement_period);
      expect(payroll.links).to.deep.equal({ self: `${PAYROLLS}/${accepted.id}` });
    });

    it('given the record, then the body is echoed with the documented defaults filled (transport type_code 1)', async () => {
      const payroll = await issueValidated(app, PAYROLLS, tenant.key, validPayrollBody());

      const body = validPayrollBody();
      expect(payroll.payment).to.deep.equal(body.payment);
      expect(payroll.worker).to.deep.equal(body.worker);
      expect(payroll.accruals.transport_allowance).to.deep.equal([{ amount: '249095.00', type_code: '1' }]);
      expect(payroll.accruals.basic_salary).to.deep.equal(body.accruals.basic_salary);
      expect(payroll.accruals.overtime_and_surcharges).to.deep.equal(body.accruals.overtime_and_surcharges);
      expect(payroll.deductions).to.deep.equal(body.deductions);
      expect(payroll.observation).to.equal(body.observation);
    });

    it('given a payroll with every one of the 42 concepts, when settled, then it is validated with totals summing every amount and a matching CUNE', async () => {
      const body = payrollWithEveryConcept();
      expect(Object.keys(body.accruals).length + Object.keys(body.deductions).length).to.equal(42);
      expect(PAYROLL_CONCEPTS).to.have.length(42);

      const payroll = await issueValidated(app, PAYROLLS, tenant.key, body);

      const accrued = sectionSum(body.accruals);
      const deducted = sectionSum(body.deductions);
      expect(payroll.totals).to.include({
        accrued_total: accrued,
        deducted_total: deducted,
        net_total: difference(accrued, deducted),
        payable_amount: difference(accrued, deducted),
        rounding_amount: '0.00',
      });
      expect(payroll.number).to.match(/^NE\d+$/);
      expect(payroll.cune).to.equal(expectedPayrollCune(payroll));
      for (const concept of PAYROLL_CONCEPTS) {
        const section = concept.kind === 'accrual' ? payroll.accruals : payroll.deductions;
        expect(section, `${concept.kind} ${concept.name}`).to.have.property(concept.name);
      }
    });

    it('given the 42-concept payroll, then totals.by_concept has one line per concept, in catalog order', async () => {
      const payroll = await issueValidated(app, PAYROLLS, tenant.key, payrollWithEveryConcept());

      const lines = payroll.totals.by_concept as Array<{ kind: string; name: string; amount: string }>;
      expect(lines.map((line) => `${line.kind}:${line.name}`)).to.deep.equal(PAYROLL_CONCEPTS.map((concept) => `${concept.kind}:${concept.name}`));
      const strike = lines.find((line) => line.name === 'legal_strikes');
      expect(strike?.amount, 'a legal strike carries days only').to.equal('0.00');
    });

    it('given an amount with fewer decimals than two, then the totals are still written with exactly two (DIAN rounding)', async () => {
      const body = validPayrollBody();
      body.accruals.basic_salary = { amount: '2800000' };
      body.accruals.commissions = [{ amount: '300000.5' }, { amount: '0.05' }];

      const payroll = await issueValidated(app, PAYROLLS, tenant.key, body);

      // 2,800,000 + 249,095 + 300,000.5 + 0.05 + 79,545.45
      expect(payroll.totals.accrued_total).to.equal('3428641.00');
      expect(payroll.totals.deducted_total).to.equal('254363.64');
      expect(payroll.totals.net_total).to.equal('3174277.36');
      expect(payroll.totals.rounding_amount).to.equal('0.00');
      expect(payroll.cune).to.equal(expectedPayrollCune(payroll));
    });

    it('given payrolls validated one after another, then their NE numbers are consecutive and their CUNEs distinct', async () => {
      const first = await issueValidated(app, PAYROLLS, tenant.key, validPayrollBody());
      const second = await issueValidated(app, PAYROLLS, tenant.key, validPayrollBody());

      expect(Number(second.number.replace(/^NE/, ''))).to.equal(Number(first.number.replace(/^NE/, '')) + 1);
      expect(second.cune).to.not.equal(first.cune);
    });

    it('given a live key, then the payroll is validated in the live environment and its CUNE uses TipAmb 1', async () => {
      const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');
      await liveNumbering(app, tenant.tenantId);

      const payroll = await issueValidated(app, PAYROLLS, live.key, validPayrollBody());

      expect(payroll.environment).to.equal('live');
      expect(payroll.number).to.match(/^NE\d+$/);
      expect(payroll.cune).to.equal(expectedPayrollCune(payroll, '1'));
      expect(payroll.cune).to.not.equal(expectedPayrollCune(payroll, '2'));
      expectProblem(await read(app, PAYROLLS, tenant.key, payroll.id), 404, 'not_found');
    });

    it('given the same Idempotency-Key and body twice, then the same document is answered and replayed', async () => {
      const key = `nomina-replay-${Date.now()}`;
      const first = await post(app, PAYROLLS, tenant.key, validPayrollBody(), key);
      const second = await post(app, PAYROLLS, tenant.key, validPayrollBody(), key);

      expect(first.status).to.equal(202);
      expect(second.status).to.equal(202);
      expect(second.body.id).to.equal(first.body.id);
      expect(second.headers.get('idempotent-replayed')).to.equal('true');
    });

    it('given no credential, when posted, then 401 problem+json', async () => {
      expectProblem(await post(app, PAYROLLS, undefined, validPayrollBody()), 401);
    });
  });

  describe('GET by id', () => {
    it('given an unknown UUID, then 404 problem+json', async () => {
      expectProblem(await read(app, PAYROLLS, tenant.key, UNKNOWN_ID), 404, 'not_found');
    });

    it('given a payroll of another tenant, then 404: documents are tenant-scoped', async () => {
      const accepted = await create(app, PAYROLLS, tenant.key, validPayrollBody());
      const other = await app.createTenant({ nit: OTHER_NIT });

      expectProblem(await read(app, PAYROLLS, other.key, accepted.id), 404, 'not_found');
    });

    it('given a payroll id, when read under the sales-invoice path, then 404 (families do not mix)', async () => {
      const accepted = await create(app, PAYROLLS, tenant.key, validPayrollBody());

      expectProblem(await http(app.baseUrl, 'GET', `/invoices/v1/sales-invoices/${accepted.id}`, { key: tenant.key }), 404, 'not_found');
    });
  });

  describe('DELETE', () => {
    it('given a validated payroll, when deleted, then 409 and the payroll stays validated', async () => {
      const payroll = await issueValidated(app, PAYROLLS, tenant.key, validPayrollBody());

      const problem = expectProblem(await remove(app, PAYROLLS, tenant.key, payroll.id), 409, 'document_validated');

      expect(problem.document_status).to.equal('validated');
      const after = await record(app, PAYROLLS, tenant.key, payroll.id);
      expect(after.status).to.equal('validated');
      expect(after.number).to.equal(payroll.number);
    });

    it('given an unknown id, when deleted, then 404 problem+json', async () => {
      expectProblem(await remove(app, PAYROLLS, tenant.key, UNKNOWN_ID), 404, 'not_found');
    });
  });

  describe('operations the payroll family does not have', () => {
    it('given a payroll, when its e-mail or events are asked for, then 404; its pdf, a format payrolls lack, 422', async () => {
      const payroll = await issueValidated(app, PAYROLLS, tenant.key, validPayrollBody());

      expectProblem(await http(app.baseUrl, 'POST', `${PAYROLLS}/${payroll.id}/email`, { key: tenant.key, body: { to: 'a@b.co' } }), 404, 'not_found');
      expectProblem(await http(app.baseUrl, 'GET', `${PAYROLLS}/${payroll.id}/email`, { key: tenant.key }), 404, 'not_found');
      expectProblem(await http(app.baseUrl, 'GET', `${PAYROLLS}/${payroll.id}/pdf`, { key: tenant.key }), 422, 'validation_failed');
      expectProblem(await http(app.baseUrl, 'GET', `${PAYROLLS}/${payroll.id}/events`, { key: tenant.key }), 404, 'not_found');
    });
  });

  describe('GET list', () => {
    let listing: TestApp;
    let owner: TestTenant;
    let stranger: TestTenant;
    const ids: string[] = [];

    before(async () => {
      listing = await startTestApp();
      owner = await listing.createTenant({ nit: NIT });
      stranger = await listing.createTenant({ nit: OTHER_NIT });
      for (let index = 0; index < 5; index += 1) {
        ids.push((await create(listing, PAYROLLS, owner.key, validPayrollBody())).id);
      }
      await create(listing, PAYROLLS, stranger.key, validPayrollBody());
      await listing.settle();
    });
    after(() => listing.close());

    it('given five payrolls of the tenant, then the list has them all, most recent first, with NE numbers and CUNEs', async () => {
      const answer = await list(listing, PAYROLLS, owner.key);

      expect(answer.status, answer.text).to.equal(200);
      expectSchema('DocumentList', answer.body);
      expect(answer.body.pagination).to.deep.equal({ page: 1, per_page: 25, total: 5, total_pages: 1 });
      expect(answer.body.data.map((row: any) => row.id)).to.deep.equal([...ids].reverse());
      for (const row of answer.body.data) {
        expect(row.status).to.equal('validated');
        expect(row.number).to.match(/^NE\d+$/);
        expect(row.cune).to.match(/^[0-9a-f]{96}$/);
        expect(row.counterparty).to.deep.equal({ identification: '1234567890', name: 'Mateo Gonzales Forero' });
        expect(row.payable_amount).to.equal('3174276.81');
        expect(row.links).to.deep.equal({ self: `${PAYROLLS}/${row.id}` });
      }
    });

    it('given per_page=2, then pages of two that do not overlap and cover all five', async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => list(listing, PAYROLLS, owner.key, `per_page=2&page=${page}`)));

      expect(pages.map((page) => page.body.data.length)).to.deep.equal([2, 2, 1]);
      for (const page of pages) expect(page.body.pagination).to.include({ per_page: 2, total: 5, total_pages: 3 });
      expect(pages.flatMap((page) => page.body.data.map((row: any) => row.id))).to.deep.equal([...ids].reverse());
    });

    it('given another tenant, then each tenant lists only its own payrolls', async () => {
      const answer = await list(listing, PAYROLLS, stranger.key);

      expect(answer.body.pagination.total).to.equal(1);
      expect(answer.body.data.map((row: any) => row.id)).to.not.include.members(ids);
    });

    it('given number=<an NE number>, then only that payroll', async () => {
      const target = await record(listing, PAYROLLS, owner.key, ids[2]);

      const answer = await list(listing, PAYROLLS, owner.key, `number=${target.number}`);

      expect(answer.body.data.map((row: any) => row.id)).to.deep.equal([ids[2]]);
    });

    it('given an invalid per_page, then 422 naming per_page; without a key, 401', async () => {
      const problem = expectProblem(await list(listing, PAYROLLS, owner.key, 'per_page=0'), 422);
      expect(problem.errors.map((issue: any) => issue.field)).to.include('per_page');
      expectProblem(await list(listing, PAYROLLS, undefined), 401);
    });

    it('given the sales-invoice list of the same tenant, then payrolls do not appear in it', async () => {
      const answer = await http(listing.baseUrl, 'GET', '/invoices/v1/sales-invoices', { key: owner.key });

      expect(answer.status).to.equal(200);
      expect(answer.body.pagination.total).to.equal(0);
    });
  });
});

describe('Payrolls: DELETE before the authority validates', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp({}, { workers: false });
    tenant = await app.createTenant({ nit: NIT });
  });
  after(() => app.close());

  it('given a pending payroll, when deleted, then 200 with no body and it is cancelled', async () => {
    const accepted = await create(app, PAYROLLS, tenant.key, validPayrollBody());

    const answer = await remove(app, PAYROLLS, tenant.key, accepted.id);

    expect(answer.status, answer.text).to.equal(200);
    expect(answer.text).to.equal('');
    const payroll = await record(app, PAYROLLS, tenant.key, accepted.id);
    expect(payroll.status).to.equal('cancelled');
    expect(payroll.number).to.equal(null);
    expect(payroll.cune).to.equal(null);
  });
});
