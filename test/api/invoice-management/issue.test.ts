import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { expectSchema } from '../../support/api-test-helpers.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startIntegrationApp, type IntegrationApp, type TestTenant } from '../../support/invoice-management/integration-app.ts';
import { createDraft, get, issue, issuedInvoice, newKey, post, transmittedInvoice, untilStatus } from '../../support/invoice-management/invoice-steps.ts';
import { expectSeedProblem } from '../../support/invoice-management/problems.ts';

describe('Integrations: POST /v1/invoices/{id}/issue', () => {
  let app: IntegrationApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startIntegrationApp();
    tenant = await app.createTenant();
  });
  after(async () => {
    app.provider.release();
    await app.close();
  });

  const transmissions = async (id: string) =>
    (await app.container.eventStore.readStream(`salesInvoice-${id}`)).filter((event) => event.type === 'DocumentTransmissionRequested').length;

  it('given an issued invoice, when issued, then 202 with the issue answer; the authority answers later and the invoice is validated', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    const correlationId = randomUUID();

    const answer = await http(app.baseUrl, 'POST', `/v1/invoices/${invoice.id}/issue`, {
      key: tenant.key,
      headers: { 'Idempotency-Key': newKey(), 'X-Correlation-Id': correlationId },
    });

    expect(answer.status, answer.text).to.equal(202);
    expectSchema('IssueAnswer', answer.body);
    expect(answer.body).to.include({ invoice_id: invoice.id, environment: 'test', status: 'transmitting', deduplicated: false, correlation_id: correlationId });
    const validated = await untilStatus(app, tenant.key, invoice.id, 'validated');
    expect(validated.number).to.match(/^SETP99\d+$/);
    expect(validated.cufe).to.match(/^[0-9a-f]{96}$/);
    expect(validated.transaction_id).to.equal(answer.body.transaction_id);
  });

  it('given the same key and the same request again, then the original answer with deduplicated: true, and one transmission', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    const key = newKey();
    const first = await issue(app, tenant.key, invoice.id, key);
    await untilStatus(app, tenant.key, invoice.id, 'validated');

    const again = await issue(app, tenant.key, invoice.id, key);

    expect(again.status, again.text).to.equal(202);
    expect(again.body).to.deep.equal({ ...first.body, deduplicated: true });
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(await transmissions(invoice.id)).to.equal(1);
  });

  it('given one key used for one invoice, when used for another path or another body, then 409 idempotency_conflict and nothing happens', async () => {
    const [a, b] = [await issuedInvoice(app, tenant.key), await issuedInvoice(app, tenant.key)];
    const key = newKey();
    expect((await issue(app, tenant.key, a.id, key)).status).to.equal(202);

    const otherPath = await issue(app, tenant.key, b.id, key);
    const otherBody = await post(app, tenant.key, `/v1/invoices/${a.id}/issue`, { idempotencyKey: key, body: { note: 'x' } });

    expectSeedProblem(otherPath, 409, 'idempotency_conflict', `/v1/invoices/${b.id}/issue`);
    expectSeedProblem(otherBody, 409, 'idempotency_conflict', `/v1/invoices/${a.id}/issue`);
    expect((await get(app, tenant.key, `/v1/invoices/${b.id}`)).body.status).to.equal('issued');
    const draftKey = newKey();
    expect((await post(app, tenant.key, '/v1/invoices', { idempotencyKey: draftKey, body: sampleInvoice() })).status).to.equal(201);
    const changed = await post(app, tenant.key, '/v1/invoices', { idempotencyKey: draftKey, body: sampleInvoice({ observation: 'other' }) });
    expectSeedProblem(changed, 409, 'idempotency_conflict', '/v1/invoices');
  });

  it('given ten concurrent requests with one key, then all answer 202 with one transaction, one is not deduplicated, and it transmits once', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    const key = newKey();

    const answers = await Promise.all(Array.from({ length: 10 }, () => issue(app, tenant.key, invoice.id, key)));

    expect(answers.map((answer) => answer.status)).to.deep.equal(Array(10).fill(202));
    expect(new Set(answers.map((answer) => answer.body.transaction_id)).size).to.equal(1);
    expect(answers.filter((answer) => answer.body.deduplicated === false)).to.have.length(1);
    expect(await transmissions(invoice.id)).to.equal(1);
  });

  it('given a POST without Idempotency-Key, then 400 idempotency_key_required and nothing is appended', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    const head = await app.container.eventStore.headPosition();

    const answer = await post(app, tenant.key, `/v1/invoices/${invoice.id}/issue`, { idempotencyKey: null });

    expectSeedProblem(answer, 400, 'idempotency_key_required', `/v1/invoices/${invoice.id}/issue`);
    expect(await app.container.eventStore.headPosition()).to.equal(head);
  });

  it('given an invoice in each status but issued, when issued, then 422 invoice_not_issuable naming the status', async () => {
    const byStatus: Record<string, string> = {};
    byStatus.draft = (await createDraft(app, tenant.key)).id;
    byStatus.validated = (await transmittedInvoice(app, tenant.key, 'validated')).id;
    byStatus.rejected = (await transmittedInvoice(app, tenant.key, 'rejected')).id;
    const discarded = await createDraft(app, tenant.key);
    await http(app.baseUrl, 'DELETE', `/v1/invoices/${discarded.id}`, { key: tenant.key });
    byStatus.discarded = discarded.id;
    byStatus.voided = (await voidedInvoice()).id;
    app.provider.holdSubmissions = true;
    try {
      byStatus.transmitting = (await heldInvoice()).id;
      byStatus.error = (await heldInvoice()).id;
      const stream = `salesInvoice-${byStatus.error}`;
      await app.container.aggregates.handle(stream, documentDecider, { type: 'RecordFailure', reason: 'provider down', now: new Date() }, {
        tenantId: tenant.tenantId, environment: 'test', actor: 'test', correlationId: 'test',
      });

      for (const [status, id] of Object.entries(byStatus)) {
        expect((await get(app, tenant.key, `/v1/invoices/${id}`)).body.status, status).to.equal(status);
        const problem = expectSeedProblem(await issue(app, tenant.key, id), 422, 'invoice_not_issuable', `/v1/invoices/${id}/issue`);
        expect(problem.invoice_status).to.equal(status);
        expect(problem.detail).to.contain(status);
      }
    } finally {
      app.provider.release();
    }
  });

  it('given an issued invoice whose body no longer passes the rules, when issued, then 422 invoice_validation_failed; the same key answers it again', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    const stream = `salesInvoice-${invoice.id}`;
    const { expected } = await app.container.aggregates.load(stream, documentDecider);
    const stale = { ...sampleInvoice(), customer: { ...sampleInvoice().customer, municipality_code: '00000' } };
    const metadata = { tenantId: tenant.tenantId, environment: 'test', actor: 'test' };
    const data = { documentId: invoice.id, body: stale, totals: invoice.totals, issueDate: invoice.issue_date, issueTime: invoice.issue_time, at: new Date().toISOString() };
    // The same document finalized again under older rules: today's rules refuse its municipality.
    await app.container.eventStore.append(stream, [{ type: 'DocumentFinalized', data, metadata }], expected);
    const key = newKey();

    const answer = await issue(app, tenant.key, invoice.id, key);
    const again = await issue(app, tenant.key, invoice.id, key);

    const problem = expectSeedProblem(answer, 422, 'invoice_validation_failed', `/v1/invoices/${invoice.id}/issue`);
    expect(problem.errors.map((issue: { field: string }) => issue.field)).to.include('customer.municipality_code');
    expect(expectSeedProblem(again, 422, 'invoice_validation_failed', `/v1/invoices/${invoice.id}/issue`).errors).to.deep.equal(problem.errors);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(await transmissions(invoice.id)).to.equal(0);
  });

  it('given another company’s invoice, or the live environment of the same company, then 404 not_found as for an unknown id', async () => {
    const invoice = await issuedInvoice(app, tenant.key);
    const other = await app.createTenant({ nit: '900123456' });
    const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');

    for (const key of [other.key, live.key]) {
      expectSeedProblem(await issue(app, key, invoice.id), 404, 'not_found', `/v1/invoices/${invoice.id}/issue`);
      expectSeedProblem(await get(app, key, `/v1/invoices/${invoice.id}`), 404, 'not_found', `/v1/invoices/${invoice.id}`);
    }
    const unknown = randomUUID();
    expectSeedProblem(await get(app, tenant.key, `/v1/invoices/${unknown}`), 404, 'not_found', `/v1/invoices/${unknown}`);
    expect((await get(app, tenant.key, `/v1/invoices/${invoice.id}`)).body.status).to.equal('issued');
  });

  it('given an invoice issued on the sales-invoice face, then this face shows it too, with the mapped status', async () => {
    const created = await http(app.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': newKey() } });
    expect(created.status).to.equal(202);

    const seen = await untilStatus(app, tenant.key, created.body.id, 'validated');

    expect(seen.transaction_id).to.equal(created.body.transaction_id);
    const original = (await get(app, tenant.key, `/invoices/v1/sales-invoices/${created.body.id}`)).body;
    expect(seen).to.include({ number: original.number, cufe: original.cufe, created_at: original.created_at });
  });

  async function heldInvoice() {
    const invoice = await issuedInvoice(app, tenant.key);
    expect((await issue(app, tenant.key, invoice.id)).status).to.equal(202);
    return untilStatus(app, tenant.key, invoice.id, 'transmitting');
  }

  /** A validated invoice annulled by a validated credit note of concept 2 (the sales-invoice face's notes). */
  async function voidedInvoice() {
    const invoice = await transmittedInvoice(app, tenant.key, 'validated');
    const note = { concept: '2', bill_number: invoice.number, customer: invoice.customer, items: sampleInvoice().items };
    const answer = await http(app.baseUrl, 'POST', '/invoices/v1/credit-notes', { key: tenant.key, body: note, headers: { 'Idempotency-Key': newKey() } });
    expect(answer.status, answer.text).to.equal(202);
    return untilStatus(app, tenant.key, invoice.id, 'voided');
  }
});
