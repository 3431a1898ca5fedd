import { expect } from 'chai';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { BASE, colombianDate, createInvoice, expectNamesField, expectProblem, expectSchema, listInvoices, shiftDate } from '../../support/api-test-helpers.ts';

interface Row {
  id: string;
  status: string;
  number: string | null;
  transaction_id: string;
  issue_date: string;
  created_at: string;
  payable_amount: string;
  counterparty: { identification: string; name: string };
  links: { self: string };
}

/** Most recent first; ties on created_at broken by id (descending) so pages never overlap. */
function expectMostRecentFirst(rows: Row[]): void {
  for (let i = 1; i < rows.length; i += 1) {
    const [newer, older] = [rows[i - 1], rows[i]];
    expect(newer.created_at >= older.created_at, `${newer.created_at} before ${older.created_at}`).to.equal(true);
    if (newer.created_at === older.created_at) expect(newer.id > older.id).to.equal(true);
  }
}

describe('GET /invoices/v1/sales-invoices (list)', () => {
  let app: TestApp;
  let tenant: TestTenant;
  /** Creation order, oldest first. */
  const created: Array<{ id: string; transaction_id: string }> = [];
  const rejected: string[] = [];
  const warned: string[] = [];

  before(async function () {
    this.timeout(30_000);
    app = await startTestApp();
    tenant = await app.createTenant();
    // 30 invoices, one after another so "most recent first" has a defined answer: 24 validated, 4 rejected, 2 with warnings.
    for (let i = 0; i < 30; i += 1) {
      const identification = i % 7 === 3 ? '1111111111' : i % 13 === 5 ? '2222222221' : undefined;
      const accepted = await createInvoice(app, tenant.key, sampleInvoice({ identification }));
      created.push(accepted);
      if (identification === '1111111111') rejected.push(accepted.id);
      if (identification === '2222222221') warned.push(accepted.id);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await app.settle();
  });
  after(() => app.close());

  it('given 30 invoices, when listed without parameters, then page 1 has the default 25, most recent first, with exact pagination', async () => {
    const answer = await listInvoices(app, tenant.key);

    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.match(/^application\/json/);
    expectSchema('DocumentList', answer.body);
    expect(answer.body.pagination).to.deep.equal({ page: 1, per_page: 25, total: 30, total_pages: 2 });
    expect(answer.body.data).to.have.length(25);
    expect(answer.body.data.map((row: Row) => row.id)).to.deep.equal(
      created
        .slice(5)
        .map((doc) => doc.id)
        .reverse(),
    );
    expectMostRecentFirst(answer.body.data);
  });

  it('given per_page=10, then three pages of 10 cover all 30 with no overlap and page 4 is empty', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => listInvoices(app, tenant.key, `per_page=10&page=${page}`)));

    for (const [index, page] of pages.entries()) {
      expect(page.status).to.equal(200);
      expect(page.body.pagination).to.deep.equal({ page: index + 1, per_page: 10, total: 30, total_pages: 3 });
    }
    expect(pages.map((page) => page.body.data.length)).to.deep.equal([10, 10, 10, 0]);
    const ids = pages.flatMap((page) => page.body.data.map((row: Row) => row.id));
    expect(new Set(ids).size).to.equal(30);
    expect(ids).to.deep.equal(created.map((doc) => doc.id).reverse());
    expectMostRecentFirst(pages.flatMap((page) => page.body.data));
  });

  it('given per_page=7, then the last page holds the remainder', async () => {
    const last = await listInvoices(app, tenant.key, 'per_page=7&page=5');

    expect(last.body.pagination).to.deep.equal({ page: 5, per_page: 7, total: 30, total_pages: 5 });
    expect(last.body.data.map((row: Row) => row.id)).to.deep.equal([created[1].id, created[0].id]);
  });

  it('given per_page=1 and per_page=100 (the bounds), then both are accepted', async () => {
    const one = await listInvoices(app, tenant.key, 'per_page=1');
    const hundred = await listInvoices(app, tenant.key, 'per_page=100');

    expect(one.body.data).to.have.length(1);
    expect(one.body.data[0].id).to.equal(created[29].id);
    expect(one.body.pagination).to.deep.equal({ page: 1, per_page: 1, total: 30, total_pages: 30 });
    expect(hundred.body.data).to.have.length(30);
    expect(hundred.body.pagination.total_pages).to.equal(1);
  });

  it('given a list item, then it carries id, status, number, transaction_id, issue date, payable amount and a self link', async () => {
    const { body } = await listInvoices(app, tenant.key, 'per_page=100');
    const newest: Row = body.data[0];

    expect(newest.id).to.equal(created[29].id);
    expect(newest.transaction_id).to.equal(created[29].transaction_id);
    expect(newest.payable_amount).to.equal('83300.00');
    expect(newest.links.self).to.equal(`${BASE}/${newest.id}`);
    expect(newest.counterparty).to.deep.equal({ identification: '123456789', name: 'Alan company name' });
    for (const row of body.data as Row[]) {
      expect(row.issue_date).to.equal(colombianDate(row.created_at));
      if (row.status === 'validated') expect(row.number).to.match(/^SETP\d+$/);
      else expect(row.number).to.equal(null);
    }
  });

  it('given status=rejected, then only the rejected invoices are listed, with an exact total', async () => {
    const answer = await listInvoices(app, tenant.key, 'status=rejected&per_page=100');

    expect(answer.body.pagination.total).to.equal(rejected.length);
    expect(answer.body.data.map((row: Row) => row.id).sort()).to.deep.equal([...rejected].sort());
    expect(answer.body.data.every((row: Row) => row.status === 'rejected')).to.equal(true);
  });

  it('given status=validated, then the validated ones (with or without warnings) are listed', async () => {
    const answer = await listInvoices(app, tenant.key, 'status=validated&per_page=100');

    expect(answer.body.pagination.total).to.equal(30 - rejected.length);
    expect(answer.body.data.every((row: Row) => row.status === 'validated')).to.equal(true);
    expect(answer.body.data.map((row: Row) => row.id)).to.include.members(warned);
  });

  it('given a status no document has (pending, cancelled), then an empty page with total 0', async () => {
    for (const status of ['pending', 'sent', 'failed', 'cancelled']) {
      const answer = await listInvoices(app, tenant.key, `status=${status}`);
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ data: [], pagination: { page: 1, per_page: 25, total: 0, total_pages: 0 } });
    }
  });

  it('given number=<an exact number>, then exactly that invoice is listed', async () => {
    const { body } = await listInvoices(app, tenant.key, 'status=validated&per_page=3');
    const target: Row = body.data[2];

    const answer = await listInvoices(app, tenant.key, `number=${target.number}`);

    expect(answer.body.pagination.total).to.equal(1);
    expect(answer.body.data.map((row: Row) => row.id)).to.deep.equal([target.id]);
  });

  it('given a prefix of a number or an unknown number, then nothing is listed (the match is exact)', async () => {
    const { body } = await listInvoices(app, tenant.key, 'status=validated&per_page=1');
    const number: string = body.data[0].number;

    expect((await listInvoices(app, tenant.key, `number=${number.slice(0, -1)}`)).body.pagination.total).to.equal(0);
    expect((await listInvoices(app, tenant.key, 'number=SETP')).body.pagination.total).to.equal(0);
    expect((await listInvoices(app, tenant.key, `number=${number.toLowerCase()}`)).body.pagination.total).to.equal(0);
  });

  it('given issued_from and issued_to around the Colombian date of creation, then the bounds are inclusive', async () => {
    const { body } = await listInvoices(app, tenant.key, 'per_page=1');
    const today: string = body.data[0].issue_date;

    const sameDay = await listInvoices(app, tenant.key, `issued_from=${today}&issued_to=${today}`);
    const fromToday = await listInvoices(app, tenant.key, `issued_from=${today}`);
    const untilToday = await listInvoices(app, tenant.key, `issued_to=${today}`);
    const wide = await listInvoices(app, tenant.key, `issued_from=${shiftDate(today, -30)}&issued_to=${shiftDate(today, 30)}`);

    for (const answer of [sameDay, fromToday, untilToday, wide]) expect(answer.body.pagination.total).to.equal(30);
  });

  it('given an issue-date window that excludes the creation date, then nothing is listed', async () => {
    const { body } = await listInvoices(app, tenant.key, 'per_page=1');
    const today: string = body.data[0].issue_date;

    expect((await listInvoices(app, tenant.key, `issued_from=${shiftDate(today, 1)}`)).body.pagination.total).to.equal(0);
    expect((await listInvoices(app, tenant.key, `issued_to=${shiftDate(today, -1)}`)).body.pagination.total).to.equal(0);
  });

  it('given filters combined with paging, then the total counts the filtered set', async () => {
    const answer = await listInvoices(app, tenant.key, 'status=validated&per_page=5&page=2');

    const total = 30 - rejected.length;
    expect(answer.body.pagination).to.deep.equal({ page: 2, per_page: 5, total, total_pages: Math.ceil(total / 5) });
    expect(answer.body.data).to.have.length(5);
    expectMostRecentFirst(answer.body.data);
  });

  describe('invalid filters → 422 naming the parameter', () => {
    const invalid: Array<[string, string]> = [
      ['status=foo', 'status'],
      ['status=voided', 'status'],
      ['status=VALIDATED', 'status'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['per_page=abc', 'per_page'],
      ['per_page=-1', 'per_page'],
      ['per_page=2.5', 'per_page'],
      ['per_page=', 'per_page'],
      ['page=0', 'page'],
      ['page=-3', 'page'],
      ['page=x', 'page'],
      ['issued_from=2026-02-30', 'issued_from'],
      ['issued_from=yesterday', 'issued_from'],
      ['issued_to=2026-1-5', 'issued_to'],
      ['issued_to=05/01/2026', 'issued_to'],
      ['issued_from=2026-03-02&issued_to=2026-03-01', 'issued_from'],
      ['status=pending&status=validated', 'status'],
    ];
    for (const [query, parameter] of invalid) {
      it(`given ${query}, then 422 names ${parameter}`, async () => {
        const problem = expectProblem(await listInvoices(app, tenant.key, query), 422, 'validation_failed');

        expectNamesField(problem, parameter);
      });
    }

    it('given several invalid filters, then each is named', async () => {
      const problem = expectProblem(await listInvoices(app, tenant.key, 'status=foo&per_page=0&page=0&issued_to=nope'), 422);

      for (const parameter of ['status', 'per_page', 'page', 'issued_to']) expectNamesField(problem, parameter);
    });
  });

  it('given the same issued_from and issued_to, then it is not refused as an inverted range', async () => {
    expect((await listInvoices(app, tenant.key, 'issued_from=2026-03-01&issued_to=2026-03-01')).status).to.equal(200);
  });

  it('given an unauthenticated list request, then 401', async () => {
    expectProblem(await http(app.baseUrl, 'GET', BASE), 401, 'unauthorized');
  });

  it('given a tenant with no invoices, then an empty first page', async () => {
    const empty = await app.createTenant({ nit: '860069804' });

    const answer = await listInvoices(app, empty.key);

    expect(answer.body).to.deep.equal({ data: [], pagination: { page: 1, per_page: 25, total: 0, total_pages: 0 } });
  });
});
