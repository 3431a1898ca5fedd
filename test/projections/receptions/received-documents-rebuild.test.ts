import { expect } from 'chai';
import { OPERATOR_SCOPES, OPERATOR_TENANT } from '../../../domain/tenancy/scopes.ts';
import { issueValidated, noteBody } from '../../support/family-test-helpers.ts';
import { http } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { invoiceTo, ISSUER_NIT, RECEIVER_NIT, RECEPTIONS, validatedInvoice } from '../../support/acceptance-app.ts';

/** The reception read model is in the projection catalog: an operator rebuilds it and gets the same answers. */
describe('received-documents projection rebuild', function () {
  this.timeout(60_000);
  let app: TestApp;
  let issuer: TestTenant;
  let receiver: TestTenant;
  let admin: string;

  before(async () => {
    app = await startTestApp();
    issuer = await app.createTenant({ nit: ISSUER_NIT });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
    const context = { actor: 'test', correlationId: 'test', tenantId: OPERATOR_TENANT, environment: 'live' };
    admin = (await app.container.apiKeys.issue({ tenantId: OPERATOR_TENANT, environment: 'live', scopes: [...OPERATOR_SCOPES] }, context)).key;
    for (let i = 0; i < 3; i += 1) await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT, { credit: i === 1 }));
    const voided = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    await issueValidated(app, 'credit-note', issuer.key, noteBody({ concept: '2', bill_number: voided.number }, { identification: RECEIVER_NIT }));
    await app.settle();
  });
  after(() => app.close());

  it('given invoices received and one voided, when an operator rebuilds received-documents, then version 2 serves the same list', async () => {
    const before = (await http(app.baseUrl, 'GET', RECEPTIONS, { key: receiver.key })).body;
    expect(before.data.map((row: { status: string }) => row.status)).to.deep.equal(['voided', 'validated', 'validated', 'validated']);

    const started = await http(app.baseUrl, 'POST', '/admin/v1/projections/received-documents/rebuild', { key: admin });
    expect(started.status, started.text).to.equal(202);
    let status: any;
    for (let i = 0; i < 400 && !status?.job?.finished_at; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await http(app.baseUrl, 'GET', '/admin/v1/projections/received-documents', { key: admin })).body;
    }

    expect(status.job).to.deep.include({ error: null, phase: 'done' });
    expect(status.active_version).to.equal(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await http(app.baseUrl, 'GET', RECEPTIONS, { key: receiver.key })).body).to.deep.equal(before);
  });
});
