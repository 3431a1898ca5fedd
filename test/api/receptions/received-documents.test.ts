import { LIVE_READY, liveNumbering } from '../../support/live-numbering.ts';
import { expect } from 'chai';
import { invoiceTo, ISSUER_NIT, RECEIVER_NIT, RECEPTIONS, receivedDocument, validatedInvoice } from '../../support/acceptance-app.ts';
import { http } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { createInvoice, expectProblem, expectSchema, getInvoice } from '../../support/api-test-helpers.ts';
import { UNKNOWN_ID } from '../../support/family-test-helpers.ts';

const OTHER_ISSUER_NIT = '901456789';
const OTHER_RECEIVER_NIT = '860034313';

describe('/receptions/v1/received-documents (documents issued to the caller’s NIT)', () => {
  let app: TestApp;
  let issuer: TestTenant;
  let otherIssuer: TestTenant;
  let receiver: TestTenant;
  let otherReceiver: TestTenant;
  let fromIssuer: { id: string; number: string; cufe: string };
  let fromOtherIssuer: { id: string; number: string; cufe: string };
  let toOtherReceiver: { id: string };

  const list = (key: string | undefined, query = '') => http(app.baseUrl, 'GET', `${RECEPTIONS}${query ? `?${query}` : ''}`, { key });
  const get = (key: string | undefined, id: string) => http(app.baseUrl, 'GET', `${RECEPTIONS}/${id}`, { key });

  before(async () => {
    app = await startTestApp(LIVE_READY);
    issuer = await app.createTenant({ nit: ISSUER_NIT });
    otherIssuer = await app.createTenant({ nit: OTHER_ISSUER_NIT });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
    otherReceiver = await app.createTenant({ nit: OTHER_RECEIVER_NIT });
    fromIssuer = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    fromOtherIssuer = await validatedInvoice(app, otherIssuer, invoiceTo(RECEIVER_NIT, { credit: true }));
    toOtherReceiver = await validatedInvoice(app, issuer, invoiceTo(OTHER_RECEIVER_NIT));
    await app.settle();
  });
  after(() => app.close());

  it('lists every validated invoice any tenant issued to the receiver’s NIT, most recently validated first, and nothing else', async () => {
    const answer = await list(receiver.key);

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('ReceivedDocumentList', answer.body);
    expect(answer.body.data.map((row: { id: string }) => row.id)).to.deep.equal([fromOtherIssuer.id, fromIssuer.id]);
    expect(answer.body.pagination).to.deep.equal({ page: 1, per_page: 25, total: 2, total_pages: 1 });
    const [credit, cash] = answer.body.data;
    expect(credit).to.deep.include({ status: 'validated', number: fromOtherIssuer.number, cufe: fromOtherIssuer.cufe, payable_amount: '83300.00', payment_form: '2' });
    expect(credit.issuer.nit).to.equal(OTHER_ISSUER_NIT);
    expect(cash.issuer.nit).to.equal(ISSUER_NIT);
    expect(cash.links).to.deep.equal({ self: `${RECEPTIONS}/${fromIssuer.id}`, events: `${RECEPTIONS}/${fromIssuer.id}/events` });
  });

  it('lists for another receiver only what was issued to its own NIT', async () => {
    const answer = await list(otherReceiver.key);
    expect(answer.body.data.map((row: { id: string }) => row.id)).to.deep.equal([toOtherReceiver.id]);
    expect((await list(issuer.key)).body.data).to.deep.equal([]);
  });

  it('filters by number (which repeats across issuers), by issuer NIT, and pages', async () => {
    expect(fromOtherIssuer.number).to.equal(fromIssuer.number);
    const ids = async (query: string) => (await list(receiver.key, query)).body.data.map((row: { id: string }) => row.id);
    expect(await ids(`number=${fromIssuer.number}`)).to.deep.equal([fromOtherIssuer.id, fromIssuer.id]);
    expect(await ids(`number=${fromIssuer.number}&issuer_nit=${ISSUER_NIT}`)).to.deep.equal([fromIssuer.id]);
    expect(await ids('number=SETP999999999')).to.deep.equal([]);
    const page = await list(receiver.key, 'per_page=1&page=2');
    expect(page.body.data.map((row: { id: string }) => row.id)).to.deep.equal([fromIssuer.id]);
    expect(page.body.pagination).to.deep.equal({ page: 2, per_page: 1, total: 2, total_pages: 2 });
  });

  it('answers 422 naming each invalid filter', async () => {
    const problem = expectProblem(await list(receiver.key, 'per_page=0&issued_from=2026-02-30&issuer_nit=900825759-7'), 422, 'validation_failed');
    expect(problem.errors.map((e: { field: string }) => e.field)).to.have.members(['per_page', 'issued_from', 'issuer_nit']);
  });

  it('reads one received document by id with the issuer, the customer, the totals and where its acceptance stands', async () => {
    const document = await receivedDocument(app, receiver, fromIssuer.id);
    expect(document).to.deep.include({ id: fromIssuer.id, status: 'validated', number: fromIssuer.number, cufe: fromIssuer.cufe, environment: 'test' });
    expect(document.issuer).to.deep.include({ nit: ISSUER_NIT });
    expect(document.customer.identification).to.equal(RECEIVER_NIT);
    expect(document.totals.payable_amount).to.equal('83300.00');
    expect(document.acceptance).to.deep.equal({ status: 'none', tacit_acceptance_due_at: null });
    expect(document.events).to.deep.equal([]);
  });

  it('answers 404 for an invoice issued to another NIT, an unknown id, or an invoice not validated', async () => {
    expectProblem(await get(receiver.key, toOtherReceiver.id), 404, 'not_found');
    expectProblem(await get(otherReceiver.key, fromIssuer.id), 404, 'not_found');
    expectProblem(await get(receiver.key, UNKNOWN_ID), 404, 'not_found');
    expectProblem(await get(issuer.key, fromIssuer.id), 404, 'not_found');
  });

  it('answers 422 for an id that is not a UUID', async () => {
    expectProblem(await get(receiver.key, 'abc'), 422, 'validation_failed');
  });

  it('keeps environments apart: the receiver’s live key sees only invoices issued to it in live', async () => {
    const issuerLive = await app.createKey(issuer.tenantId, ['invoices:read', 'invoices:write'], 'live');
    await liveNumbering(app, issuer.tenantId);
    const receiverLive = await app.createKey(receiver.tenantId, ['invoices:read'], 'live');
    const { id } = await createInvoice(app, issuerLive.key, invoiceTo(RECEIVER_NIT));
    await app.settle();

    expect((await list(receiverLive.key)).body.data.map((row: { id: string }) => row.id)).to.deep.equal([id]);
    expect((await get(receiverLive.key, id)).status).to.equal(200);
    expectProblem(await get(receiverLive.key, fromIssuer.id), 404, 'not_found');
    expectProblem(await get(receiver.key, id), 404, 'not_found');
  });

  it('finds a document by id as soon as it is validated, even while the list has not caught up (read from the event store)', async () => {
    const projection = app.container.runner('received-documents');
    await projection.stop();
    try {
      const { id } = await createInvoice(app, issuer.key, invoiceTo(RECEIVER_NIT));
      for (let attempt = 0; attempt < 200 && (await getInvoice(app, issuer.key, id)).body.status !== 'validated'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }

      expect((await get(receiver.key, id)).status).to.equal(200);
      expect((await list(receiver.key)).body.data.map((row: { id: string }) => row.id)).to.not.include(id);
    } finally {
      await projection.start();
    }
  });

  it('answers 401 without a key and 403 without invoices:read', async () => {
    expectProblem(await list(undefined), 401, 'unauthorized');
    const writer = await app.createKey(receiver.tenantId, ['invoices:write']);
    expectProblem(await list(writer.key), 403, 'insufficient_scope');
    expectProblem(await get(writer.key, fromIssuer.id), 403, 'insufficient_scope');
  });
});
