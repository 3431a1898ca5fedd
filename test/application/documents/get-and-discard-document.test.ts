import { expect } from 'chai';
import { DiscardDocument } from '../../../application/documents/discard-document.ts';
import { DocumentNotFoundError } from '../../../application/documents/document-errors.ts';
import { GetDocument } from '../../../application/documents/get-document.ts';
import { IssueDocument } from '../../../application/documents/issue-document.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';
import { contextFor, FakeProvider, FixedClock, invoiceFor, openTempStores, SequentialIds, validatedOutcome, type TempStores } from '../../support/fixtures.ts';
import { NumberIndex } from '../../../application/documents/number-index.ts';
import { OutcomeRecorder } from '../../../application/submission/outcome-recorder.ts';

describe('GetDocument and DiscardDocument', () => {
  let stores: TempStores;
  let aggregates: AggregateStore;
  let provider: FakeProvider;
  let getDocument: GetDocument;
  let discard: DiscardDocument;
  let tenantId: string;
  let documentId: string;
  const clock = new FixedClock('2024-03-01T15:30:00.000Z');
  const streamId = () => documentStreamId(salesInvoiceFamily, documentId);
  const context = () => contextFor(tenantId);

  beforeEach(async () => {
    stores = openTempStores();
    aggregates = new AggregateStore(stores.events);
    const ids = new SequentialIds();
    tenantId = (await new RegisterTenant(aggregates, clock, ids).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' })).id;
    const issued = await new IssueDocument(aggregates, new TenantDirectory(aggregates), clock, ids).execute({
      family: salesInvoiceFamily,
      idempotencyKey: 'k',
      body: invoiceFor(),
      context: context(),
    });
    documentId = issued.document.id;
    provider = new FakeProvider();
    getDocument = new GetDocument(aggregates);
    discard = new DiscardDocument(aggregates, provider, new OutcomeRecorder(aggregates, new NumberIndex(stores.events), clock), clock);
  });

  afterEach(() => stores.dispose());

  async function startSubmission() {
    await aggregates.handle(streamId(), documentDecider, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() }, context());
  }
  async function record(outcome: SubmissionOutcome) {
    await aggregates.handle(streamId(), documentDecider, { type: 'RecordOutcome', outcome, now: clock.now() }, context());
  }
  const types = async () => (await stores.events.readStream(streamId())).map((event) => event.type);

  describe('GetDocument', () => {
    it('given a document of the tenant, when read in its scope, then the folded state is answered right away', async () => {
      const document = await getDocument.execute(salesInvoiceFamily, documentId, { tenantId, environment: 'test' });
      expect(document).to.include({ id: documentId, status: 'pending', tenantId });
    });

    for (const [label, scope] of [
      ['another tenant', () => ({ tenantId: 'someone-else', environment: 'test' })],
      ['another environment', () => ({ tenantId, environment: 'live' })],
    ] as const) {
      it(`given a document, when read from ${label}, then DocumentNotFoundError`, async () => {
        const error = await getDocument.execute(salesInvoiceFamily, documentId, scope()).then(() => null, (e: unknown) => e);
        expect(error).to.be.instanceOf(DocumentNotFoundError);
        expect((error as DocumentNotFoundError).documentId).to.equal(documentId);
      });
    }

    it('given an unknown id, when read, then DocumentNotFoundError', async () => {
      const error = await getDocument.execute(salesInvoiceFamily, 'nope', { tenantId, environment: 'test' }).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(DocumentNotFoundError);
    });
  });

  describe('DiscardDocument', () => {
    it('given a pending document, when discarded, then it is cancelled without asking the provider', async () => {
      const state = await discard.execute(salesInvoiceFamily, documentId, context());
      expect(state.status).to.equal('cancelled');
      expect(provider.discarded).to.have.length(0);
      expect(await types()).to.deep.equal(['DocumentCreated', 'DocumentCancelled']);
    });

    it('given a sent document the provider withdraws, when discarded, then the provider is asked once and the document is cancelled', async () => {
      await startSubmission();
      const state = await discard.execute(salesInvoiceFamily, documentId, context());
      expect(state.status).to.equal('cancelled');
      expect(provider.discarded.map((d) => d.id)).to.deep.equal([documentId]);
      expect(await types()).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentCancelled']);
    });

    it('given a sent document the provider validated first, when discarded, then the validation is recorded and the discard refused', async () => {
      await startSubmission();
      provider.discardAnswer = validatedOutcome('SETP990000007');
      const error = await discard.execute(salesInvoiceFamily, documentId, context()).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(DomainError);
      expect((error as DomainError).code).to.equal('document_validated');
      expect(await types()).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
      const document = await getDocument.execute(salesInvoiceFamily, documentId, context());
      expect(document).to.include({ status: 'validated', number: 'SETP990000007' });
    });

    it('given a validated document, when discarded, then document_validated and the provider is not asked', async () => {
      await startSubmission();
      await record(validatedOutcome());
      const error = await discard.execute(salesInvoiceFamily, documentId, context()).then(() => null, (e: unknown) => e);
      expect((error as DomainError).code).to.equal('document_validated');
      expect(provider.discarded).to.have.length(0);
    });

    it('given a rejected document, when discarded twice, then it is cancelled once', async () => {
      await startSubmission();
      await record({ kind: 'rejected', errors: [{ code: 'X', message: 'no' }] });
      expect((await discard.execute(salesInvoiceFamily, documentId, context())).status).to.equal('cancelled');
      expect((await discard.execute(salesInvoiceFamily, documentId, context())).status).to.equal('cancelled');
      expect((await types()).filter((t) => t === 'DocumentCancelled')).to.have.length(1);
    });

    it('given a document of another tenant, when discarded, then DocumentNotFoundError and nothing is appended', async () => {
      const error = await discard.execute(salesInvoiceFamily, documentId, contextFor('intruder')).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(DocumentNotFoundError);
      expect(await types()).to.deep.equal(['DocumentCreated']);
    });
  });
});
