import { expect } from 'chai';
import { expectSchema } from '../../support/api-test-helpers.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startIntegrationApp, type IntegrationApp, type TestTenant } from '../../support/invoice-management/integration-app.ts';
import { createDraft, get, issue, issuedInvoice, post, untilStatus } from '../../support/invoice-management/invoice-steps.ts';
import { expectSeedProblem, fieldsOf } from '../../support/invoice-management/problems.ts';

describe('Integrations: drafting (POST /v1/invoices, PATCH, finalize, DELETE)', () => {
  let app: IntegrationApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startIntegrationApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  const patch = (id: string, body: unknown) =>
    http(app.baseUrl, 'PATCH', `/v1/invoices/${id}`, { key: tenant.key, body, headers: { 'Content-Type': 'application/merge-patch+json' } });

  it('given an incomplete but well-typed body, when posted, then 201 a draft with no totals, number or transaction yet', async () => {
    const answer = await post(app, tenant.key, '/v1/invoices', { body: { customer: { identification: '123456789' } } });

    expect(answer.status, answer.text).to.equal(201);
    expect(answer.headers.get('location')).to.equal(`/v1/invoices/${answer.body.id}`);
    expect(answer.body).to.include({ status: 'draft', number: null, cufe: null, transaction_id: null, totals: null, issue_date: null });
    expectSchema('Invoice', answer.body);
  });

  it('given a mistyped body, when posted, then 400 validation_failed names the field and nothing is stored', async () => {
    const head = await app.container.eventStore.headPosition();

    const answer = await post(app, tenant.key, '/v1/invoices', { body: { items: [{ price: 10 }], unknown: true } });

    const problem = expectSeedProblem(answer, 400, 'validation_failed', '/v1/invoices');
    expect(fieldsOf(problem)).to.include.members(['items[0].price', 'unknown']);
    expect(await app.container.eventStore.headPosition()).to.equal(head);
  });

  it('given a draft, when patched (merge patch), then fields merge, null removes one, and the shape is checked', async () => {
    const draft = await createDraft(app, tenant.key, { ...sampleInvoice(), observation: 'first' });

    const edited = await patch(draft.id, { observation: null, customer: { company: 'Otra SAS' } });

    expect(edited.status, edited.text).to.equal(200);
    expect(edited.body).to.not.have.property('observation');
    expect(edited.body.customer).to.include({ company: 'Otra SAS', identification: '123456789' });
    const bad = await patch(draft.id, { items: 'none' });
    expect(fieldsOf(expectSeedProblem(bad, 400, 'validation_failed', `/v1/invoices/${draft.id}`))).to.include('items');
  });

  it('given a patch with a member named __proto__, then 400 names it and the draft is as it was (its answer showed fields never stored)', async () => {
    const draft = await createDraft(app, tenant.key, { customer: { identification: '123456789' } });
    const head = await app.container.eventStore.headPosition();

    for (const rawBody of ['{"__proto__": {"items": [{"name": "ghost"}]}, "observation": "x"}', '{"customer": {"__proto__": {"company": "ghost"}}}']) {
      const answer = await http(app.baseUrl, 'PATCH', `/v1/invoices/${draft.id}`, { key: tenant.key, rawBody, headers: { 'Content-Type': 'application/merge-patch+json' } });
      expect(fieldsOf(expectSeedProblem(answer, 400, 'validation_failed', `/v1/invoices/${draft.id}`)).some((field) => field.endsWith('__proto__')), answer.text).to.equal(true);
    }

    expect(await app.container.eventStore.headPosition()).to.equal(head);
    const stored = (await get(app, tenant.key, `/v1/invoices/${draft.id}`)).body;
    expect([stored.items, stored.observation, stored.customer]).to.deep.equal([draft.items, draft.observation, draft.customer]);
  });

  it('given a draft that breaks the issuance rules, when finalized, then 422 invoice_validation_failed lists every field and it stays a draft', async () => {
    const body = sampleInvoice();
    body.items[0].price = '10000.001';
    body.customer.municipality_code = '00000';
    const draft = await createDraft(app, tenant.key, body);

    const answer = await post(app, tenant.key, `/v1/invoices/${draft.id}/finalize`);

    const problem = expectSeedProblem(answer, 422, 'invoice_validation_failed', `/v1/invoices/${draft.id}/finalize`);
    expect(fieldsOf(problem)).to.include('items[0].price');
    expect(fieldsOf(problem)).to.include('customer.municipality_code');
    expect((await get(app, tenant.key, `/v1/invoices/${draft.id}`)).body.status).to.equal('draft');
  });

  it('given a draft without a customer identification document, when finalized, then 422 invoice_validation_failed names it', async () => {
    const body = sampleInvoice();
    delete body.customer.identification_document_code;
    delete body.payment_details;
    const draft = await createDraft(app, tenant.key, body);

    const answer = await post(app, tenant.key, `/v1/invoices/${draft.id}/finalize`);

    const problem = expectSeedProblem(answer, 422, 'invoice_validation_failed', `/v1/invoices/${draft.id}/finalize`);
    expect(fieldsOf(problem)).to.include.members(['customer.identification_document_code', 'payment_details']);
  });

  it('given a valid draft, when finalized, then issued with normalized body, totals and issue date; finalizing again changes nothing', async () => {
    const draft = await createDraft(app, tenant.key);

    const answer = await post(app, tenant.key, `/v1/invoices/${draft.id}/finalize`);

    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body.status).to.equal('issued');
    expect(answer.body.totals).to.include({ payable_amount: '83300.00' });
    expect(answer.body.issue_date).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expectSchema('Invoice', answer.body);
    const again = await post(app, tenant.key, `/v1/invoices/${draft.id}/finalize`);
    expect(again.status).to.equal(200);
    expect(again.body.updated_at).to.equal(answer.body.updated_at);
  });

  it('given a draft whose line carries withholdings, when finalized, then its totals state them and the payable amount is unchanged', async () => {
    const body = sampleInvoice();
    body.items[1].withholding_taxes = [{ code: '06', rate: '2.50' }];
    const draft = await createDraft(app, tenant.key, body);
    expect(draft.items[1].withholding_taxes).to.deep.equal([{ code: '06', rate: '2.50' }]);

    const answer = await post(app, tenant.key, `/v1/invoices/${draft.id}/finalize`);

    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body.totals).to.include({ payable_amount: '83300.00', withholding_total: '1500.00' });
    expectSchema('Invoice', answer.body);
  });

  it('given a draft whose withholding is not a sales invoice\'s, when finalized, then 422 invoice_validation_failed names it', async () => {
    const body = sampleInvoice();
    body.items[0].withholding_taxes = [{ code: '07', rate: '1.00' }];
    const draft = await createDraft(app, tenant.key, body);

    const answer = await post(app, tenant.key, `/v1/invoices/${draft.id}/finalize`);

    const problem = expectSeedProblem(answer, 422, 'invoice_validation_failed', `/v1/invoices/${draft.id}/finalize`);
    expect(fieldsOf(problem)).to.deep.equal(['items[0].withholding_taxes[0].code']);
  });

  it('given an issued invoice, when patched, then 422 invoice_not_editable naming the status', async () => {
    const invoice = await issuedInvoice(app, tenant.key);

    const problem = expectSeedProblem(await patch(invoice.id, { observation: 'x' }), 422, 'invoice_not_editable', `/v1/invoices/${invoice.id}`);

    expect(problem.invoice_status).to.equal('issued');
    expect(problem.detail).to.contain('issued');
  });

  it('given a draft and an issued invoice, when deleted, then both are discarded; deleting again answers the same', async () => {
    const draft = await createDraft(app, tenant.key);
    const invoice = await issuedInvoice(app, tenant.key);

    for (const id of [draft.id, invoice.id]) {
      const answer = await http(app.baseUrl, 'DELETE', `/v1/invoices/${id}`, { key: tenant.key });
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body.status).to.equal('discarded');
      expect((await http(app.baseUrl, 'DELETE', `/v1/invoices/${id}`, { key: tenant.key })).body.status).to.equal('discarded');
    }
  });

  it('given a transmitted invoice, when deleted here, then 422 invoice_not_discardable', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    await issue(app, tenant.key, invoice.id);
    await untilStatus(app, tenant.key, invoice.id, 'validated');

    const answer = await http(app.baseUrl, 'DELETE', `/v1/invoices/${invoice.id}`, { key: tenant.key });

    expect(expectSeedProblem(answer, 422, 'invoice_not_discardable', `/v1/invoices/${invoice.id}`).invoice_status).to.equal('validated');
  });

  it('given drafts and issued invoices, then the sales-invoice face neither lists nor finds them until they are transmitted', async () => {
    const draft = await createDraft(app, tenant.key);
    const invoice = await issuedInvoice(app, tenant.key);
    await app.settle();
    const base = '/invoices/v1/sales-invoices';

    expect((await get(app, tenant.key, `${base}/${draft.id}`)).status).to.equal(404);
    expect((await get(app, tenant.key, `${base}/${invoice.id}`)).status).to.equal(404);
    const listed = (await get(app, tenant.key, `${base}?per_page=100`)).body.data.map((row: { id: string }) => row.id);
    expect(listed).to.not.include.members([draft.id, invoice.id]);

    await issue(app, tenant.key, invoice.id);
    await untilStatus(app, tenant.key, invoice.id, 'validated');
    await app.settle();
    const seen = await get(app, tenant.key, `${base}/${invoice.id}`);
    expect(seen.status).to.equal(200);
    expect(seen.body).to.include({ status: 'validated' });
    expect(seen.body.cufe).to.be.a('string');
    expect((await get(app, tenant.key, `${base}?per_page=100`)).body.data.map((row: { id: string }) => row.id)).to.include(invoice.id);
  });
});
