import { expect } from 'chai';
import { DiscardDocument } from '../../../../application/documents/discard-document.ts';
import { IssueDocument } from '../../../../application/documents/issue-document.ts';
import { NumberIndex } from '../../../../application/documents/number-index.ts';
import { AggregateStore } from '../../../../application/event-sourcing/aggregate-store.ts';
import { OutcomeRecorder } from '../../../../application/submission/outcome-recorder.ts';
import { RegisterTenant } from '../../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../../application/tenancy/tenant-directory.ts';
import { documentDecider } from '../../../../domain/documents/document-decider.ts';
import { documentStreamId, payrollFamily, salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { DomainError } from '../../../../domain/shared/domain-error.ts';
import { contextFor, FixedClock, invoiceFor, openTempStores, SequentialIds, type TempStores } from '../../../support/fixtures.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { DOUBLE_VALUES } from '../../../support/factus/double/double-documents.ts';
import { FactusDouble } from '../../../support/factus/double/factus-double.ts';
import { factusAgainst, sentDocument } from '../../../support/factus/factus-fixtures.ts';

describe('Factus adapter: withdrawing a sent document (DELETE)', () => {
  const clock = new FixedClock('2026-05-06T15:00:00.000Z');
  let double: FactusDouble;

  beforeEach(async () => {
    double = new FactusDouble(() => clock.now());
    await double.start();
  });

  afterEach(() => double.close());

  it('given Factus holds nothing under the reference, then discarded after one lookup (nothing to delete)', async () => {
    const document = sentDocument(salesInvoiceFamily, sampleInvoice());
    expect(await factusAgainst(double, clock).discard(document)).to.deep.equal({ kind: 'discarded' });
    expect(double.routes('GET')).to.deep.equal(['GET /v2/bills']);
    expect(double.requests.at(-1)?.query).to.deep.equal({ 'filter[reference_code]': document.id });
  });

  it('given Factus validated it meanwhile, then the validation is answered and nothing is deleted', async () => {
    const factus = factusAgainst(double, clock);
    const document = sentDocument(salesInvoiceFamily, sampleInvoice());
    await factus.submit(document);
    const answer = await factus.discard(document);
    expect(answer).to.include({ kind: 'validated', number: 'SETP99000551', validatedAt: '2026-05-06T15:00:00.000Z' });
    expect(double.routes('DELETE')).to.deep.equal([]);
  });

  it('given a rejected document still at Factus, then it is deleted there and discarded', async () => {
    const factus = factusAgainst(double, clock);
    const document = sentDocument(salesInvoiceFamily, sampleInvoice({ identification: DOUBLE_VALUES.rejected }));
    double.script(`DELETE /v2/bills/destroy/reference/${document.id}`, { status: 503 });
    await factus.submit(document).catch(() => undefined);
    expect(await factus.discard(document)).to.deep.equal({ kind: 'discarded' });
    expect(double.handlers.deleted).to.deep.equal([document.id]);
  });

  it('given one waiting for DIAN, then it is resent to learn its fate rather than deleted (Factus advises so); validated → answered', async () => {
    const factus = factusAgainst(double, clock);
    const document = sentDocument(salesInvoiceFamily, sampleInvoice());
    double.handlers.dianSlow.add(document.id);
    await factus.submit(document).catch(() => undefined);
    expect(await factus.discard(document)).to.include({ kind: 'validated' });
    expect(double.routes('DELETE')).to.deep.equal([]);
    expect(double.handlers.creations.get(document.id)).to.equal(1);
  });

  it('given a payroll, then it is found by its reference endpoint and deleted there', async () => {
    const factus = factusAgainst(double, clock);
    const document = sentDocument(payrollFamily, { ...validPayrollBody(), worker: { ...validPayrollBody().worker, identification_number: DOUBLE_VALUES.rejected } } as never);
    double.script(`DELETE /v2/payrolls/reference/${document.id}`, { status: 503 });
    await factus.submit(document).catch(() => undefined);
    expect(await factus.discard(document)).to.deep.equal({ kind: 'discarded' });
    expect(double.routes().slice(-2)).to.deep.equal([`GET /v2/payrolls/reference/${document.id}`, `DELETE /v2/payrolls/reference/${document.id}`]);
  });

  describe('through DiscardDocument', () => {
    let stores: TempStores;

    beforeEach(() => {
      stores = openTempStores();
    });

    afterEach(() => stores.dispose());

    it('given a sent invoice Factus validated meanwhile, when discarded, then the validation is recorded and the answer is document_validated (409)', async () => {
      const aggregates = new AggregateStore(stores.events);
      const ids = new SequentialIds();
      const tenantId = (await new RegisterTenant(aggregates, clock, ids).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' })).id;
      const issued = await new IssueDocument(aggregates, new TenantDirectory(aggregates), clock, ids).execute({
        family: salesInvoiceFamily, idempotencyKey: 'k', body: invoiceFor(), context: contextFor(tenantId),
      });
      const streamId = documentStreamId(salesInvoiceFamily, issued.document.id);
      const sent = await aggregates.handle(streamId, documentDecider, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() }, contextFor(tenantId));
      const factus = factusAgainst(double, clock);
      await factus.submit(sent.state);
      const discard = new DiscardDocument(aggregates, factus, new OutcomeRecorder(aggregates, new NumberIndex(stores.events), clock), clock);

      const error = await discard.execute(salesInvoiceFamily, issued.document.id, contextFor(tenantId)).then(() => null, (caught: unknown) => caught);
      expect(error).to.be.instanceOf(DomainError);
      expect((error as DomainError).code).to.equal('document_validated');
      const { state } = await aggregates.load(streamId, documentDecider);
      expect(state).to.include({ status: 'validated', number: 'SETP99000551' });
      expect(double.routes('DELETE')).to.deep.equal([]);
    });
  });
});
