import { expect } from 'chai';
import type { Invoice } from '../../../clients/typescript/invoices-client.ts';
import { http } from '../../support/http.ts';
import { startIntegrationApp, type IntegrationApp, type TestTenant } from '../../support/invoice-management/integration-app.ts';
import { createDraft, get, issue, issuedInvoice, newKey, post } from '../../support/invoice-management/invoice-steps.ts';

/**
 * The ordering promise of GET /v1/invoices: a client that follows next_cursor, and passes the time its previous run
 * started as updated_since, never misses a change, even when invoices change while it pages.
 */
describe('Integrations: keyset order under concurrent writes', () => {
  let app: IntegrationApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startIntegrationApp();
  });
  after(() => app.close());

  beforeEach(async () => {
    tenant = await app.createTenant();
  });

  const page = async (query: string) => (await get(app, tenant.key, `/v1/invoices?${query}`)).body as { data: Invoice[]; next_cursor: string | null };
  const edit = (id: string, observation: string) => http(app.baseUrl, 'PATCH', `/v1/invoices/${id}`, { key: tenant.key, body: { observation } });

  it('given changes between two pages, then an invoice changed ahead of the cursor comes once, one behind it comes again, and new ones come too', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await createDraft(app, tenant.key)).id);
    await app.settle();
    const first = await page('limit=3');
    expect(first.data.map((invoice) => invoice.id)).to.deep.equal(ids.slice(0, 3));

    await edit(ids[1], 'seen, then changed');
    await edit(ids[4], 'not seen yet, changed');
    const created = (await createDraft(app, tenant.key)).id;
    await app.settle();
    const seen: Invoice[] = [...first.data];
    let cursor = first.next_cursor;
    while (cursor) {
      const next = await page(`limit=3&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...next.data);
      cursor = next.next_cursor;
    }

    expect(seen.map((invoice) => invoice.id)).to.deep.equal([...ids.slice(0, 3), ids[3], ids[5], ids[1], ids[4], created]);
    const last = new Map(seen.map((invoice) => [invoice.id, invoice]));
    expect(last.get(ids[1])?.observation).to.equal('seen, then changed');
    expect(last.get(ids[4])?.observation).to.equal('not seen yet, changed');
  });

  it('given a run that ended, when invoices change afterwards, then the next run from the first run’s start sees exactly those changes', async () => {
    const a = await createDraft(app, tenant.key);
    const b = await createDraft(app, tenant.key);
    await app.settle();
    // A change in a later second makes the projection record that a and b are visible; then wait past the
    // two-second allowance (and the one-second grain of the Date header), so the next run repeats neither.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await createDraft(app, (await app.createTenant({ nit: '900123456' })).key);
    await app.settle();
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const client = app.client(tenant.key);
    const firstRun: string[] = [];
    const { startedAt } = await client.sync(undefined, (invoice) => void firstRun.push(invoice.id));
    expect(firstRun).to.deep.equal([a.id, b.id]);

    await edit(b.id, 'after the run');
    await app.settle();
    const secondRun: Invoice[] = [];
    const second = await client.sync(startedAt, (invoice) => void secondRun.push(invoice));

    expect(secondRun.map((invoice) => invoice.id)).to.deep.equal([b.id]);
    expect(secondRun[0].observation).to.equal('after the run');
    expect(Date.parse(second.startedAt)).to.be.at.least(Date.parse(startedAt));
  });

  it('given a writer changing invoices all the time, when a client synchronizes run after run, then its copy ends equal to the service’s', async () => {
    for (let i = 0; i < 20; i += 1) await createDraft(app, tenant.key);
    const client = app.client(tenant.key);
    const copy = new Map<string, Invoice>();
    let stop = false;
    const writes = writer(() => stop);

    let since: string | undefined;
    let runs = 0;
    const deadline = Date.now() + 6_000;
    while (Date.now() < deadline) {
      since = (await client.sync(since, (invoice) => void copy.set(invoice.id, invoice))).startedAt;
      runs += 1;
    }
    stop = true;
    const written = await writes;
    await app.settle();
    await client.sync(since, (invoice) => void copy.set(invoice.id, invoice));

    const truth = new Map<string, Invoice>();
    for await (const invoice of client.invoices({ limit: 100 })) truth.set(invoice.id, invoice);
    expect(written, 'the writer made changes while the client synchronized').to.be.greaterThan(50);
    expect(runs).to.be.greaterThan(3);
    expect(copy.size).to.equal(truth.size);
    for (const [id, invoice] of truth) {
      const mine = copy.get(id);
      expect({ status: mine?.status, updated_at: mine?.updated_at, observation: mine?.observation }, `invoice ${id}`).to.deep.equal({
        status: invoice.status,
        updated_at: invoice.updated_at,
        observation: invoice.observation,
      });
    }
  });

  /** Keeps creating, editing, finalizing, issuing and discarding invoices until told to stop; answers how many changes it made. */
  async function writer(stopped: () => boolean): Promise<number> {
    let changes = 0;
    let n = 0;
    while (!stopped()) {
      n += 1;
      const listed = (await page('limit=100')).data;
      const drafts = listed.filter((invoice) => invoice.status === 'draft');
      const target = drafts[n % Math.max(drafts.length, 1)];
      if (n % 5 === 0 || !target) await createDraft(app, tenant.key);
      else if (n % 7 === 0) await post(app, tenant.key, `/v1/invoices/${target.id}/finalize`);
      else if (n % 11 === 0) await http(app.baseUrl, 'DELETE', `/v1/invoices/${target.id}`, { key: tenant.key });
      else if (n % 13 === 0) await issue(app, tenant.key, (await issuedInvoice(app, tenant.key)).id, newKey());
      else await edit(target.id, `edit ${n}`);
      changes += 1;
    }
    return changes;
  }
});
