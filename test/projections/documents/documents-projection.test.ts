import { expect } from 'chai';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../../../application/documents/document-row.ts';
import { IssueDocument } from '../../../application/documents/issue-document.ts';
import { changeSequenceOf } from '../../../application/invoice-management/change-sequence.ts';
import { ListDocuments } from '../../../application/documents/list-documents.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import type { RecordedEvent } from '../../../application/ports/event-store.ts';
import type { ReadModelCollection, RowKey } from '../../../application/ports/read-model-store.ts';
import { SubscriptionRunner } from '../../../application/subscriptions/subscription-runner.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import type { DocumentCommand } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { DocumentsProjection } from '../../../projections/documents/documents-projection.ts';
import { contextFor, FixedClock, invoiceFor, openTempStores, SequentialIds, silentLogger, validatedOutcome, type TempStores } from '../../support/fixtures.ts';

describe('DocumentsProjection', () => {
  let stores: TempStores;
  let aggregates: AggregateStore;
  let issue: IssueDocument;
  let rows: ReadModelCollection<DocumentRow>;
  let projection: DocumentsProjection;
  let tenantId: string;
  const clock = new FixedClock('2024-03-01T15:30:00.000Z');

  beforeEach(async () => {
    stores = openTempStores();
    aggregates = new AggregateStore(stores.events);
    const ids = new SequentialIds();
    tenantId = (await new RegisterTenant(aggregates, clock, ids).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' })).id;
    issue = new IssueDocument(aggregates, new TenantDirectory(aggregates), clock, ids);
    rows = stores.readModels.collection<DocumentRow>(DOCUMENTS_COLLECTION);
    projection = new DocumentsProjection(rows);
  });

  afterEach(() => stores.dispose());

  async function issueOne(key = 'k1', environment = 'test') {
    const { document } = await issue.execute({ family: salesInvoiceFamily, idempotencyKey: key, body: invoiceFor(), context: contextFor(tenantId, environment) });
    return { documentId: document.id, streamId: documentStreamId(salesInvoiceFamily, document.id) };
  }
  const apply = (streamId: string, command: DocumentCommand) => aggregates.handle(streamId, documentDecider, command, contextFor(tenantId));
  const project = async (events: RecordedEvent[]) => {
    for (const event of events) await projection.handle(event);
  };
  const rowOf = (documentId: string, environment = 'test') => rows.get({ tenantId, environment, id: documentId });
  /** A document issued, sent and validated, and its events. */
  async function validatedDocument() {
    const { documentId, streamId } = await issueOne();
    await apply(streamId, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() });
    await apply(streamId, { type: 'RecordOutcome', outcome: validatedOutcome(), now: clock.now() });
    return { documentId, streamId, events: await stores.events.readStream(streamId) };
  }

  it('filters on the Document event prefix', () => {
    expect(projection.filter).to.deep.equal({ eventTypePrefixes: ['Document'] });
    expect(projection.kind).to.equal('projection');
  });

  it('given DocumentCreated, when projected, then a pending row holds the folded document and the list fields', async () => {
    const { documentId, streamId } = await issueOne();
    await project(await stores.events.readStream(streamId));
    const row = await rowOf(documentId);
    expect(row).to.include({
      id: documentId,
      status: 'pending',
      family: 'sales-invoice',
      tenantId,
      environment: 'test',
      issueDate: '2024-03-01',
      counterpartyIdentification: '123456789',
      counterpartyName: 'Alan company name',
      payableAmount: '83300.00',
      number: null,
    });
  });

  it('given later events, when projected, then status and number follow them', async () => {
    const { documentId, streamId } = await issueOne();
    await project(await stores.events.readStream(streamId));
    await apply(streamId, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() });
    await project((await stores.events.readStream(streamId)).slice(1));
    expect((await rowOf(documentId))?.status).to.equal('sent');

    await apply(streamId, { type: 'RecordOutcome', outcome: validatedOutcome('SETP990000004'), now: clock.now() });
    await project((await stores.events.readStream(streamId)).slice(2));
    const row = await rowOf(documentId);
    expect(row).to.include({ status: 'validated', number: 'SETP990000004', uniqueCode: 'cufe-of-SETP990000004' });
  });

  it('given the row equals the fold of the stream, then the projection and the aggregate agree', async () => {
    const { documentId, streamId } = await issueOne();
    await apply(streamId, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() });
    await apply(streamId, { type: 'RecordFailure', reason: 'down', now: clock.now() });
    await project(await stores.events.readStream(streamId));
    const { state } = await aggregates.load(streamId, documentDecider);
    const row = await rowOf(documentId);
    const { counterpartyIdentification, counterpartyName, payableAmount, changeSequence, integrationStatus, ...folded } = row!;
    expect(folded).to.deep.equal(state);
    expect(row?.failureReason).to.equal('down');
  });

  it('given a projected stream, when all its events are replayed, then the row is unchanged (revision guard)', async () => {
    const { documentId, events } = await validatedDocument();
    await project(events);
    const before = await rowOf(documentId);
    await project(events);
    await project([events[0]]);
    expect(await rowOf(documentId)).to.deep.equal(before);
    expect(before?.status).to.equal('validated');
  });

  it('given the events of several documents as one batch, then each row equals what one event at a time leaves', async () => {
    const streams = [await issueOne('b1'), await issueOne('b2'), await issueOne('b3')];
    for (const { streamId } of streams.slice(0, 2)) await apply(streamId, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() });
    await apply(streams[0].streamId, { type: 'RecordOutcome', outcome: validatedOutcome(), now: clock.now() });
    const log = await stores.events.readAll({ after: 0n, maxCount: 100, filter: projection.filter });
    await projection.handleBatch(log);
    const batched = await Promise.all(streams.map(({ documentId }) => rowOf(documentId)));
    await rows.clear();
    await project(log);
    const single = await Promise.all(streams.map(({ documentId }) => rowOf(documentId)));
    expect(batched).to.deep.equal(single);
    expect(batched.map((row) => row?.status)).to.deep.equal(['validated', 'sent', 'pending']);
  });

  it('given a batch replayed over rows that are ahead of it, then the rows stay as they are (the stored revision decides)', async () => {
    const { documentId, events } = await validatedDocument();
    await project(events);
    const before = await rowOf(documentId);
    await projection.handleBatch(events.slice(1));
    await projection.handleBatch(events.slice(1, 2));
    await projection.handleBatch(events);
    expect(await rowOf(documentId)).to.deep.equal(before);
  });

  it('given a batch that goes on from a row written earlier, then the row follows every event of the batch', async () => {
    const { documentId, streamId } = await issueOne();
    await project(await stores.events.readStream(streamId));
    await apply(streamId, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() });
    await apply(streamId, { type: 'RecordOutcome', outcome: validatedOutcome(), now: clock.now() });
    const events = await stores.events.readStream(streamId);
    await projection.handleBatch(events.slice(1));
    const { state } = await aggregates.load(streamId, documentDecider);
    const { counterpartyIdentification, counterpartyName, payableAmount, changeSequence, integrationStatus, ...folded } = (await rowOf(documentId))!;
    expect(folded).to.deep.equal(state);
    expect(changeSequence).to.equal(changeSequenceOf(events[events.length - 1].position));
  });

  it('given events of a document in separate batches, then each folds on the row it wrote last without reading it; a row another instance moved on is read', async () => {
    let reads = 0;
    const counted: ReadModelCollection<DocumentRow> = Object.assign(Object.create(rows), { get: (key: RowKey) => ((reads += 1), rows.get(key)) });
    const mine = new DocumentsProjection(counted);
    const { documentId, events } = await validatedDocument();
    await mine.handleBatch([events[0]]);
    await mine.handleBatch([events[1]]);
    expect(reads).to.equal(0);
    // Another instance (another projection object) handles the next event: this one's copy is behind the row now.
    await new DocumentsProjection(rows).handleBatch([events[2]]);
    const other = await issueOne('k-other');
    await apply(other.streamId, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() });
    const [created, started] = await stores.events.readStream(other.streamId);
    await mine.handleBatch([created]);
    await new DocumentsProjection(rows).handleBatch([started]);
    await apply(other.streamId, { type: 'RecordFailure', reason: 'down', now: clock.now() });
    await mine.handleBatch([(await stores.events.readStream(other.streamId))[2]]);
    expect(reads).to.equal(1);
    const { state } = await aggregates.load(other.streamId, documentDecider);
    const { counterpartyIdentification, counterpartyName, payableAmount, changeSequence, integrationStatus, ...folded } = (await rowOf(other.documentId))!;
    expect(folded).to.deep.equal(state);
    expect((await rowOf(documentId))?.status).to.equal('validated');
  });

  it('given a document validated in one batch and voided in a later one, then the void reads the row once (a settled document is not remembered) and the row follows it', async () => {
    let reads = 0;
    const counted: ReadModelCollection<DocumentRow> = Object.assign(Object.create(rows), { get: (key: RowKey) => ((reads += 1), rows.get(key)) });
    const mine = new DocumentsProjection(counted);
    const { documentId, streamId, events } = await validatedDocument();
    await mine.handleBatch(events);
    await apply(streamId, { type: 'ClaimVoid', claimedBy: { family: 'credit-note', documentId: 'cn-1' }, now: clock.now() });
    await apply(streamId, { type: 'VoidDocument', voidedBy: { family: 'credit-note', documentId: 'cn-1', number: 'NC1' }, now: clock.now() });
    const later = (await stores.events.readStream(streamId)).slice(events.length);
    expect(later.map((event) => event.type)).to.deep.equal(['DocumentVoidClaimed', 'DocumentVoided']);
    await mine.handleBatch([later[0]]);
    expect(reads).to.equal(1);
    await mine.handleBatch([later[1]]);
    expect(reads, 'a claimed document is still validated: settled, read again').to.equal(2);
    const { state } = await aggregates.load(streamId, documentDecider);
    const { counterpartyIdentification, counterpartyName, payableAmount, changeSequence, integrationStatus, ...folded } = (await rowOf(documentId))!;
    expect(folded).to.deep.equal(state);
    expect(folded.status).to.equal('voided');
  });

  it('given documents in two environments, then each row lives in its own scope', async () => {
    const test = await issueOne('k1', 'test');
    const live = await issueOne('k1', 'live');
    await project([...(await stores.events.readStream(test.streamId)), ...(await stores.events.readStream(live.streamId))]);
    expect(await rowOf(test.documentId, 'test')).to.not.equal(null);
    expect(await rowOf(test.documentId, 'live')).to.equal(null);
    expect(await rowOf(live.documentId, 'live')).to.not.equal(null);
  });

  it('given a later event whose creation was never projected, when projected, then it fails instead of inventing a row', async () => {
    const { streamId } = await issueOne();
    await apply(streamId, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() });
    const [, started] = await stores.events.readStream(streamId);
    const error = await projection.handle(started).then(() => null, (e: Error) => e);
    expect(error?.message).to.contain('DocumentSubmissionStarted').and.to.contain('before its creation');
  });

  it('given an event without tenant metadata, when projected, then it fails', async () => {
    const { streamId } = await issueOne();
    const [created] = await stores.events.readStream(streamId);
    const error = await projection.handle({ ...created, metadata: {} }).then(() => null, (e: Error) => e);
    expect(error?.message).to.contain('no tenant or environment');
  });

  it('given a SubscriptionRunner, when documents are issued and change, then ListDocuments shows their current status', async () => {
    const runner = new SubscriptionRunner(stores.events, stores.readModels.checkpoints, projection, silentLogger, { concurrency: 1 });
    await runner.start();
    try {
      const a = await issueOne('a');
      const b = await issueOne('b');
      await apply(a.streamId, { type: 'CancelDocument', now: clock.now() });
      await runner.waitFor(await stores.events.headPosition());
      const list = new ListDocuments(rows);
      const cancelled = await list.execute(salesInvoiceFamily, { status: 'cancelled', page: 1, perPage: 10 }, { tenantId, environment: 'test' });
      const pending = await list.execute(salesInvoiceFamily, { status: 'pending', page: 1, perPage: 10 }, { tenantId, environment: 'test' });
      expect(cancelled.items.map((r) => r.id)).to.deep.equal([a.documentId]);
      expect(pending.items.map((r) => r.id)).to.deep.equal([b.documentId]);
    } finally {
      await runner.stop();
    }
  });
});
