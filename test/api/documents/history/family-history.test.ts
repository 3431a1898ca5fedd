import { expect } from 'chai';
import { FAMILY_ROUTES } from '../../../../api/documents/family-routes.ts';
import { http } from '../../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import { expectProblem, expectSchema } from '../../../support/api-test-helpers.ts';
import { create, periodNoteBody, REJECTED_IDENTIFICATION, supportDocumentBody } from '../../../support/family-test-helpers.ts';
import { create as createPayroll, PAYROLLS } from '../payroll/payroll-test-helpers.ts';

describe('GET {base}/{id}/history for every family', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  const history = async (base: string, id: string) => {
    const answer = await http(app.baseUrl, 'GET', `${base}/${id}/history`, { key: tenant.key });
    expect(answer.status, answer.text).to.equal(200);
    expectSchema('DocumentHistory', answer.body);
    return answer.body as { id: string; events: Array<Record<string, any>> };
  };

  it('every family route answers history (404 for an unknown id, never the generic no-operation 404)', async () => {
    for (const { base } of FAMILY_ROUTES) {
      const problem = expectProblem(await http(app.baseUrl, 'GET', `${base}/3f2504e0-4f89-41d3-9a0c-0305e82c3301/history`, { key: tenant.key }), 404);
      expect(problem.detail, base).to.match(/no document with id/);
    }
  });

  it('a credit note: created, submitted, validated, with the cude on the last state', async () => {
    const id = (await create(app, 'credit-note', tenant.key, periodNoteBody())).id;
    await app.settle();
    const { events } = await history('/invoices/v1/credit-notes', id);
    expect(events.map((e) => [e.type, e.status])).to.deep.equal([
      ['DocumentCreated', 'pending'],
      ['DocumentSubmissionStarted', 'sent'],
      ['DocumentValidated', 'validated'],
    ]);
    expect(events[2].state.cude).to.be.a('string').with.length(96);
    expect(events[0].actor).to.equal(tenant.keyId);
  });

  it('a rejected then discarded support document: rejected, then cancelled by the key that deleted it', async () => {
    const base = '/invoices/v1/support-documents';
    const id = (await create(app, 'support-document', tenant.key, supportDocumentBody({}, { identification: REJECTED_IDENTIFICATION }))).id;
    await app.settle();
    const deleted = await http(app.baseUrl, 'DELETE', `${base}/${id}`, { key: tenant.key, headers: { 'X-Correlation-Id': 'discard-7' } });
    expect(deleted.status, deleted.text).to.equal(200);
    const { events } = await history(base, id);
    expect(events.map((e) => e.status)).to.deep.equal(['pending', 'sent', 'rejected', 'cancelled']);
    expect(events[3]).to.include({ type: 'DocumentCancelled', actor: tenant.keyId, correlation_id: 'discard-7' });
    expect(events[2].state.errors).to.be.an('array').that.is.not.empty;
  });

  it('a payroll: created, submitted, validated, with the cune on the last state', async () => {
    const id = (await createPayroll(app, PAYROLLS, tenant.key, validPayrollBody())).id;
    await app.settle();
    const { events } = await history(PAYROLLS, id);
    expect(events.map((e) => e.status)).to.deep.equal(['pending', 'sent', 'validated']);
    expect(events[2].state.cune).to.be.a('string').with.length(96);
    const asOf = await http(app.baseUrl, 'GET', `${PAYROLLS}/${id}?as_of=${encodeURIComponent(events[2].recorded_at)}`, { key: tenant.key });
    expect(asOf.body).to.deep.equal(events[2].state);
  });
});
