import { expect } from 'chai';
import { expectSchema } from '../../support/api-test-helpers.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startIntegrationApp, type IntegrationApp } from '../../support/invoice-management/integration-app.ts';
import { createDraft, get, issue, issuedInvoice, newKey, settleLists, transmittedInvoice, untilStatus } from '../../support/invoice-management/invoice-steps.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Integrations: GET /v1/invoices', () => {
  let app: IntegrationApp;

  before(async () => {
    app = await startIntegrationApp();
  });
  after(async () => {
    app.provider.release();
    await app.close();
  });

  const list = (key: string, query = '') => get(app, key, `/v1/invoices${query ? `?${query}` : ''}`);

  /** Every page, following next_cursor; answers the ids in the order they came. */
  async function allPages(key: string, query: string): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await list(key, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status, answer.text).to.equal(200);
      expectSchema('InvoicePage', answer.body);
      ids.push(...answer.body.data.map((invoice: { id: string }) => invoice.id));
      cursor = answer.body.next_cursor;
      pages += 1;
    } while (cursor);
    return { ids, pages };
  }

  it('given 7 invoices, when paged 3 at a time, then 3 pages in change order, the last with next_cursor null', async () => {
    const tenant = await app.createTenant();
    const created: string[] = [];
    for (let i = 0; i < 7; i += 1) created.push((await createDraft(app, tenant.key)).id);
    await app.settle();

    const { ids, pages } = await allPages(tenant.key, 'limit=3');

    expect(pages).to.equal(3);
    expect(ids).to.deep.equal(created);
  });

  it('given 27 invoices and no limit, then the page holds 25', async () => {
    const tenant = await app.createTenant();
    for (let i = 0; i < 27; i += 1) await createDraft(app, tenant.key);
    await app.settle();

    const first = await list(tenant.key);

    expect(first.body.data).to.have.length(25);
    expect(first.body.next_cursor).to.be.a('string');
    expect((await list(tenant.key, `cursor=${encodeURIComponent(first.body.next_cursor)}`)).body).to.include({ next_cursor: null });
  });

  it('given invoices in several statuses, then status filters on this face’s statuses (transmitting = pending or sent)', async () => {
    const tenant = await app.createTenant();
    const draft = (await createDraft(app, tenant.key)).id;
    const issued = (await issuedInvoice(app, tenant.key)).id;
    const validated = (await transmittedInvoice(app, tenant.key, 'validated')).id;
    const rejected = (await transmittedInvoice(app, tenant.key, 'rejected')).id;
    const discarded = (await createDraft(app, tenant.key)).id;
    await http(app.baseUrl, 'DELETE', `/v1/invoices/${discarded}`, { key: tenant.key });
    app.provider.holdSubmissions = true;
    try {
      const held = await issuedInvoice(app, tenant.key);
      await issue(app, tenant.key, held.id);
      await untilStatus(app, tenant.key, held.id, 'transmitting');
      await settleLists(app);

      const expected: Record<string, string[]> = { draft: [draft], issued: [issued], transmitting: [held.id], validated: [validated], rejected: [rejected], discarded: [discarded], error: [], voided: [] };
      for (const [status, ids] of Object.entries(expected)) {
        const answer = await list(tenant.key, `status=${status}&limit=100`);
        expect(answer.body.data.map((invoice: { id: string }) => invoice.id), status).to.deep.equal(ids);
        expect(answer.body.data.every((invoice: { status: string }) => invoice.status === status)).to.equal(true);
      }
    } finally {
      app.provider.release();
    }
  });

  it('given updated_since, then only invoices changed since then (a cursor keeps the filter)', async () => {
    const tenant = await app.createTenant();
    const bystander = await app.createTenant({ nit: '900123456' });
    const old = await createDraft(app, tenant.key);
    const edited = await createDraft(app, tenant.key);
    await app.settle();
    await sleep(1_100);
    // Any change in a new second makes the projection record how far lists can see.
    await createDraft(app, bystander.key);
    await app.settle();
    await sleep(2_200);
    const since = new Date().toISOString();
    const fresh = await createDraft(app, tenant.key);
    await http(app.baseUrl, 'PATCH', `/v1/invoices/${edited.id}`, { key: tenant.key, body: { observation: 'changed' } });
    await app.settle();

    const { ids, pages } = await allPages(tenant.key, `limit=1&updated_since=${encodeURIComponent(since)}`);

    expect(ids).to.deep.equal([fresh.id, edited.id]);
    expect(ids).to.not.include(old.id);
    expect(pages).to.equal(2);
  });

  it('given several companies, environments and families, then a key lists only its own company’s sales invoices of its environment', async () => {
    const a = await app.createTenant();
    const b = await app.createTenant({ nit: '900123456' });
    const liveA = await app.createKey(a.tenantId, ['invoices:read', 'invoices:write'], 'live');
    const mine = (await createDraft(app, a.key)).id;
    const theirs = (await createDraft(app, b.key)).id;
    const live = (await createDraft(app, liveA.key)).id;
    const note = { concept: '3', billing_period: { start_date: '2026-01-01', end_date: '2026-01-31' }, customer: sampleInvoice().customer, items: sampleInvoice().items };
    const credit = await http(app.baseUrl, 'POST', '/invoices/v1/credit-notes', { key: a.key, body: note, headers: { 'Idempotency-Key': newKey() } });
    expect(credit.status, credit.text).to.equal(202);
    await app.settle();

    expect((await allPages(a.key, 'limit=100')).ids).to.deep.equal([mine]);
    expect((await allPages(b.key, 'limit=100')).ids).to.deep.equal([theirs]);
    expect((await allPages(liveA.key, 'limit=100')).ids).to.deep.equal([live]);
  });
});
