import { expect } from 'chai';
import { OPERATOR_SCOPES, OPERATOR_TENANT } from '../../../domain/tenancy/scopes.ts';
import { colombianDate, expectNamesField, expectProblem, expectSchema, shiftDate } from '../../support/api-test-helpers.ts';
import { create, periodNoteBody, REJECTED_IDENTIFICATION, supportDocumentBody } from '../../support/family-test-helpers.ts';
import { http } from '../../support/http.ts';
import { createDraft } from '../../support/invoice-management/invoice-steps.ts';
import { LIVE_READY, liveNumbering } from '../../support/live-numbering.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const LIST = '/v1/documents';

describe('GET /v1/documents: every family in one list, keyset pages, exact total', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  /** Every document of the tenant's test environment, newest first. */
  let all: Array<{ id: string; family: string }>;

  before(async () => {
    app = await startTestApp({ INTEGRATIONS_RATE_LIMIT: '1000000', ...LIVE_READY });
    tenant = await app.createTenant({ nit: '900825759' });
    const made: Array<{ id: string; family: string }> = [];
    const add = async (family: Parameters<typeof create>[1], path: string, body: unknown) => made.push({ id: (await create(app, family, tenant.key, body)).id, family: path });
    await add('sales-invoice', 'sales-invoices', sampleInvoice());
    await add('support-document', 'support-documents', supportDocumentBody());
    await add('sales-invoice', 'sales-invoices', sampleInvoice({ identification: REJECTED_IDENTIFICATION }));
    await add('credit-note', 'credit-notes', periodNoteBody());
    await add('support-document', 'support-documents', supportDocumentBody());
    await add('sales-invoice', 'sales-invoices', sampleInvoice());
    await createDraft(app, tenant.key);
    const other = await app.createTenant({ nit: '800197268' });
    await create(app, 'sales-invoice', other.key, sampleInvoice());
    await liveNumbering(app, tenant.tenantId);
    const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');
    await create(app, 'sales-invoice', live.key, sampleInvoice());
    await app.settle();
    all = made.reverse();
  });
  after(() => app.close());

  const list = (query = '', key: string | undefined = tenant.key) => http(app.baseUrl, 'GET', `${LIST}${query ? `?${query}` : ''}`, { key });
  const ids = (body: { data: Array<{ id: string }> }) => body.data.map((item) => item.id);

  it('given documents of three families, then each once, newest first, with its family, record fields and link; not drafts, other companies or live', async () => {
    const answer = await list();

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('DocumentListPage', answer.body);
    expect(answer.body.data.map(({ id, family }: { id: string; family: string }) => ({ id, family }))).to.deep.equal(all);
    expect([answer.body.total, answer.body.next_cursor]).to.deep.equal([6, null]);
    const invoice = answer.body.data.find((item: { family: string }) => item.family === 'sales-invoices');
    const record = (await http(app.baseUrl, 'GET', invoice.links.self, { key: tenant.key })).body;
    expect(invoice.links.self).to.equal(`/invoices/v1/sales-invoices/${invoice.id}`);
    expect(invoice).to.deep.include({
      status: record.status, number: record.number, issue_date: record.issue_date, created_at: record.created_at, unique_code: record.cufe,
      counterparty: { identification: '123456789', name: 'Alan company name' }, payable_amount: '83300.00',
    });
    expect(invoice.status).to.equal('validated');
    expect(invoice.unique_code).to.match(/^[0-9a-f]{96}$/);
  });

  it('given limit, then keyset pages that follow next_cursor to null: every document once, in order, the same total on each page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await list(`limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body.total).to.equal(6);
      seen.push(...ids(answer.body));
      cursor = answer.body.next_cursor;
      pages += 1;
    } while (cursor !== null);

    expect(seen).to.deep.equal(all.map(({ id }) => id));
    expect(pages).to.equal(2);
  });

  it('given the filters of the per-family lists, then the documents that match, and the total counts only them', async () => {
    const today = colombianDate(new Date());
    const family = await list('family=support-documents');
    expect([ids(family.body), family.body.total]).to.deep.equal([all.filter((d) => d.family === 'support-documents').map((d) => d.id), 2]);
    const rejected = await list('status=rejected');
    expect([ids(rejected.body), rejected.body.total]).to.deep.equal([[all[3].id], 1]);
    const first = (await list()).body.data.find((item: { number: string | null }) => item.number !== null);
    const numbered = await list(`number=${first.number}`);
    expect(ids(numbered.body)).to.deep.equal([first.id]);
    const dated = await list(`issued_from=${today}&issued_to=${today}&family=sales-invoices&limit=1`);
    expect([dated.body.data.length, dated.body.total]).to.deep.equal([1, 3]);
    const next = await list(`limit=1&cursor=${encodeURIComponent(dated.body.next_cursor)}`);
    expect(next.status, next.text).to.equal(200);
    expect(next.body.data[0].family, 'the cursor keeps the filters').to.equal('sales-invoices');
    expect((await list(`issued_to=${shiftDate(today, -1)}`)).body).to.deep.equal({ data: [], next_cursor: null, total: 0 });
  });

  it('given bad parameters, then 400 validation_failed naming each one', async () => {
    const cursor = (await list('limit=1')).body.next_cursor;
    const bad: Array<[string, string]> = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['family=invoices', 'family'],
      ['status=draft', 'status'],
      ['issued_from=2026-02-30', 'issued_from'],
      ['issued_from=2026-03-02&issued_to=2026-03-01', 'issued_from'],
      ['number=', 'number'],
      ['page=2', 'page'],
      ['cursor=abc.def', 'cursor'],
      // Its last character changed (to another one: a cursor may well end in x).
      [`cursor=${encodeURIComponent(`${cursor.slice(0, -1)}${cursor.endsWith('x') ? 'y' : 'x'}`)}`, 'cursor'],
      [`cursor=${encodeURIComponent(cursor)}&status=validated`, 'cursor'],
      ['status=validated&status=rejected', 'status'],
      ['family=payrolls&family=credit-notes', 'family'],
    ];
    for (const [query, field] of bad) expectNamesField(expectProblem(await list(query), 400, 'validation_failed'), field);
  });

  it('given a key without invoices:read, an operator key or none, then 403, 403 and 401', async () => {
    const writer = await app.createKey(tenant.tenantId, ['messages:send']);
    const operator = await app.createKey(OPERATOR_TENANT, [...OPERATOR_SCOPES], 'live');

    expectProblem(await list('', writer.key), 403, 'insufficient_scope');
    expectProblem(await list('', operator.key), 403, 'insufficient_scope');
    expectProblem(await http(app.baseUrl, 'GET', LIST), 401, 'unauthorized');
  });
});
