import { expect } from 'chai';
import { RenderingBusyError } from '../../../../application/documents/artifact-errors.ts';
import type { DocumentProvider } from '../../../../application/ports/document-provider.ts';
import type { SubmissionOutcome } from '../../../../domain/documents/document-commands.ts';
import { expectProblem } from '../../../support/api-test-helpers.ts';
import { REJECTED_IDENTIFICATION, UNKNOWN_ID, create, issueValidated, remove } from '../../../support/family-test-helpers.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { http } from '../../../support/http.ts';
import { download } from './artifact-http.ts';
import { BASES, issueOneOfEach, type IssuedFamily } from './issued-documents.ts';

const INVOICES = BASES['sales-invoice'];

/** Validates every document with a fixed number but has no representation of any (a provider's outage). */
class ProviderWithoutRepresentations implements DocumentProvider {
  readonly name = 'no-representations';
  async submit(): Promise<SubmissionOutcome> {
    return { kind: 'validated', number: 'SETP990000001', uniqueCode: 'a'.repeat(96), validatedAt: '2026-03-02T15:15:31.000Z', warnings: [] };
  }
  async discard() {
    return { kind: 'discarded' as const };
  }
  async render() {
    return null;
  }
}

/** As above, but its render threads are all busy with full queues. */
class ProviderRenderingBusy extends ProviderWithoutRepresentations {
  override async render(): Promise<null> {
    throw new RenderingBusyError(64);
  }
}

describe('GET {base}/{id}/{format}: answers other than the file', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let issued: Record<IssuedFamily, Record<string, any>>;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    issued = await issueOneOfEach(app, tenant.key);
  });
  after(() => app.close());

  it('an id that is not a UUID: 422 naming id', async () => {
    const problem = expectProblem(await http(app.baseUrl, 'GET', `${INVOICES}/nope/pdf`, { key: tenant.key }), 422, 'validation_failed');

    expect(problem.errors.map((issue: { field: string }) => issue.field)).to.deep.equal(['id']);
  });

  it('zip on a support document and pdf on a payroll: 422 naming format and listing the family’s formats', async () => {
    const zip = await download(app, BASES['support-document'], issued['support-document'].id, 'zip', tenant.key);
    const pdf = await download(app, BASES.payroll, issued.payroll.id, 'pdf', tenant.key);

    expect([zip.status, pdf.status]).to.deep.equal([422, 422]);
    expect(zip.problem!.errors).to.deep.equal([{ field: 'format', message: '"zip" does not exist for a support-document; its formats are pdf, xml' }]);
    expect(pdf.problem!.errors).to.deep.equal([{ field: 'format', message: '"pdf" does not exist for a payroll; its formats are xml' }]);
  });

  it('a last segment that is no format at all is another operation: 404, not a format error', async () => {
    for (const path of [`${BASES['credit-note']}/${issued['credit-note'].id}/events`, `${INVOICES}/${issued['sales-invoice'].id}/nothing-here`]) {
      expectProblem(await http(app.baseUrl, 'GET', path, { key: tenant.key }), 404, 'not_found');
    }
  });

  it('another tenant’s document, or an unknown id: 404, exactly alike', async () => {
    const stranger = await app.createTenant({ nit: '890903938' });

    const theirs = await download(app, INVOICES, issued['sales-invoice'].id, 'pdf', stranger.key);
    const unknown = await download(app, INVOICES, UNKNOWN_ID, 'pdf', stranger.key);

    expect([theirs.status, unknown.status]).to.deep.equal([404, 404]);
    expect(theirs.problem!.code).to.equal('not_found');
  });

  it('no key: 401; a key without invoices:read: 403', async () => {
    const writer = await app.createKey(tenant.tenantId, ['invoices:write']);

    expect((await download(app, INVOICES, issued['sales-invoice'].id, 'xml')).status).to.equal(401);
    expect((await download(app, INVOICES, issued['sales-invoice'].id, 'xml', writer.key)).problem!.code).to.equal('insufficient_scope');
  });

  it('a rejected or discarded document never got a number: 409 naming its state', async () => {
    const rejected = await create(app, 'sales-invoice', tenant.key, sampleInvoice({ identification: REJECTED_IDENTIFICATION }));
    await app.settle();
    const rejectedAnswer = await download(app, INVOICES, rejected.id, 'pdf', tenant.key);
    await remove(app, 'sales-invoice', tenant.key, rejected.id);
    const cancelledAnswer = await download(app, INVOICES, rejected.id, 'zip', tenant.key);

    expect([rejectedAnswer.status, cancelledAnswer.status]).to.deep.equal([409, 409]);
    expect(rejectedAnswer.problem).to.include({ code: 'document_not_numbered', document_status: 'rejected' });
    expect(cancelledAnswer.problem).to.include({ code: 'document_not_numbered', document_status: 'cancelled' });
    expect(cancelledAnswer.problem!.detail).to.match(/^the document is cancelled; it has no tax authority number/);
  });

  it('a payroll voided by its adjustment note keeps its number, so its XML is still served', async () => {
    const payroll = (await http(app.baseUrl, 'GET', `${BASES.payroll}/${issued.payroll.id}`, { key: tenant.key })).body;

    const xml = await download(app, BASES.payroll, issued.payroll.id, 'xml', tenant.key);

    expect(payroll.status).to.equal('voided');
    expect(xml.status).to.equal(200);
  });

  describe('a document still waiting for the authority (no workers)', () => {
    let idle: TestApp;
    let owner: TestTenant;

    before(async () => {
      idle = await startTestApp({}, { workers: false });
      owner = await idle.createTenant();
    });
    after(() => idle.close());

    it('is pending with no number: 409 document_not_numbered, and the detail names the state', async () => {
      const pending = await create(idle, 'sales-invoice', owner.key, sampleInvoice());

      const answer = await download(idle, INVOICES, pending.id, 'pdf', owner.key);

      expect(answer.status).to.equal(409);
      expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(answer.problem).to.include({ code: 'document_not_numbered', document_status: 'pending', status: 409 });
      expect(answer.problem!.detail).to.contain('the document is pending');
    });
  });

  describe('a provider that returns no representation', () => {
    let outage: TestApp;
    let owner: TestTenant;

    before(async () => {
      outage = await startTestApp({}, { provider: new ProviderWithoutRepresentations() });
      owner = await outage.createTenant();
    });
    after(() => outage.close());

    it('answers 503 representation_unavailable for a validated document', async () => {
      const invoice = await issueValidated(outage, 'sales-invoice', owner.key, sampleInvoice());

      const answer = await download(outage, INVOICES, invoice.id, 'pdf', owner.key);

      expect(invoice.number).to.equal('SETP990000001');
      expect(answer.status).to.equal(503);
      expect(answer.problem).to.include({ code: 'representation_unavailable', status: 503 });
    });
  });

  describe('render threads busy, their queue full', () => {
    let busy: TestApp;
    let owner: TestTenant;

    before(async () => {
      busy = await startTestApp({}, { provider: new ProviderRenderingBusy() });
      owner = await busy.createTenant();
    });
    after(() => busy.close());

    it('answers 503 rendering_busy with Retry-After: 1', async () => {
      const invoice = await issueValidated(busy, 'sales-invoice', owner.key, sampleInvoice());

      const answer = await download(busy, INVOICES, invoice.id, 'zip', owner.key);

      expect(answer.status).to.equal(503);
      expect(answer.headers.get('retry-after')).to.equal('1');
      expect(answer.problem).to.include({ code: 'rendering_busy', status: 503 });
      expect(answer.problem!.detail).to.equal('64 renders are already waiting for a render thread; try again in a moment');
    });
  });
});
