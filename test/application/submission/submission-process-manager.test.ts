import { expect } from 'chai';
import { IssueDocument } from '../../../application/documents/issue-document.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import type { RecordedEvent } from '../../../application/ports/event-store.ts';
import type { CheckpointStore } from '../../../application/ports/read-model-store.ts';
import { SubmissionProcessManager } from '../../../application/submission/submission-process-manager.ts';
import { SubscriptionRunner } from '../../../application/subscriptions/subscription-runner.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families.ts';
import { contextFor, FakeProvider, FixedClock, invoiceFor, openTempStores, SequentialIds, silentLogger, validatedOutcome, type TempStores } from '../fixtures.ts';
import { NumberIndex } from '../../../application/documents/number-index.ts';
import { OutcomeRecorder } from '../../../application/submission/outcome-recorder.ts';

const FAST = { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 2 };

describe('SubmissionProcessManager', () => {
  let stores: TempStores;
  let aggregates: AggregateStore;
  let issue: IssueDocument;
  let tenantId: string;
  const clock = new FixedClock('2024-03-01T15:30:00.000Z');

  beforeEach(async () => {
    stores = openTempStores();
    aggregates = new AggregateStore(stores.events);
    const ids = new SequentialIds();
    tenantId = (await new RegisterTenant(aggregates, clock, ids).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' })).id;
    issue = new IssueDocument(aggregates, new TenantDirectory(aggregates), clock, ids);
  });

  afterEach(() => stores.dispose());

  function manager(provider: FakeProvider): SubmissionProcessManager {
    return new SubmissionProcessManager(aggregates, provider, new OutcomeRecorder(aggregates, new NumberIndex(stores.events), clock), clock, silentLogger, FAST);
  }

  async function issueOne(key = 'k1'): Promise<{ documentId: string; streamId: string; created: RecordedEvent }> {
    const { document } = await issue.execute({ family: salesInvoiceFamily, idempotencyKey: key, body: invoiceFor(), context: { ...contextFor(tenantId), correlationId: `req-${key}` } });
    const streamId = documentStreamId(salesInvoiceFamily, document.id);
    const [created] = await stores.events.readStream(streamId);
    return { documentId: document.id, streamId, created };
  }

  const stream = (streamId: string) => stores.events.readStream(streamId);
  const types = async (streamId: string) => (await stream(streamId)).map((event) => event.type);

  it('given a new document, when DocumentCreated is handled, then intent is recorded before the provider is called, then the outcome', async () => {
    const { streamId, created, documentId } = await issueOne();
    let typesSeenBySubmit: string[] = [];
    const provider = new FakeProvider(async () => {
      typesSeenBySubmit = await types(streamId);
      return validatedOutcome('SETP990000000');
    });
    await manager(provider).handle(created);

    expect(typesSeenBySubmit).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted']);
    expect(provider.submitted).to.have.length(1);
    expect(provider.submitted[0]).to.include({ id: documentId, status: 'sent', tenantId });
    expect(await types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
    const { state } = await aggregates.load(streamId, documentDecider);
    expect(state).to.include({ status: 'validated', number: 'SETP990000000' });
  });

  it('given the events it records, then they carry the tenant scope, the system actor, the request correlation and the triggering event as causation', async () => {
    const { streamId, created } = await issueOne();
    await manager(new FakeProvider()).handle(created);
    const [, started, validated] = await stream(streamId);
    for (const event of [started, validated]) {
      expect(event.metadata).to.include({ tenantId, environment: 'test', actor: 'system:submission', $correlationId: 'req-k1', $causationId: created.id });
    }
  });

  it('given the provider rejects, when handled, then DocumentRejected with the errors', async () => {
    const { streamId, created } = await issueOne();
    const rejected: SubmissionOutcome = { kind: 'rejected', errors: [{ code: 'FAK24', message: 'no RUT' }] };
    await manager(new FakeProvider(rejected)).handle(created);
    const { state } = await aggregates.load(streamId, documentDecider);
    expect(state.status).to.equal('rejected');
    expect(state.errors).to.deep.equal([{ code: 'FAK24', message: 'no RUT' }]);
  });

  it('given the provider is unavailable twice, when handled, then it retries and records the validation', async () => {
    const { streamId, created } = await issueOne();
    const provider = new FakeProvider(new ProviderUnavailableError('503'), new ProviderUnavailableError('timeout'), validatedOutcome());
    await manager(provider).handle(created);
    expect(provider.submitted).to.have.length(3);
    expect(await types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
  });

  it('given the provider stays unavailable, when retries run out, then DocumentSubmissionFailed says which provider, how many attempts and why', async () => {
    const { streamId, created } = await issueOne();
    const provider = new FakeProvider(new ProviderUnavailableError('connection refused'));
    await manager(provider).handle(created);
    expect(provider.submitted).to.have.length(FAST.maxAttempts);
    const events = await stream(streamId);
    expect(events.map((e) => e.type)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentSubmissionFailed']);
    const reason = String(events[2].data.reason);
    expect(reason).to.contain('fake').and.to.contain(`${FAST.maxAttempts} attempts`).and.to.contain('connection refused');
    const { state } = await aggregates.load(streamId, documentDecider);
    expect(state).to.include({ status: 'failed', failureReason: reason });
  });

  it('given an unexpected provider error, when handled, then the error propagates (for the runner to retry or stop) and no outcome is invented', async () => {
    const { streamId, created } = await issueOne();
    const error = await manager(new FakeProvider(new TypeError('bug in adapter'))).handle(created).then(() => null, (e: Error) => e);
    expect(error?.message).to.equal('bug in adapter');
    expect(await types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted']);
  });

  it('given a finished submission, when its events are replayed, then the provider is not called again and no outcome is added', async () => {
    const { streamId, created } = await issueOne();
    const provider = new FakeProvider();
    const pm = manager(provider);
    await pm.handle(created);
    const recorded = await stream(streamId);
    for (const event of recorded.filter((e) => pm.filter.eventTypes.includes(e.type))) await pm.handle(event);
    await pm.handle(created);
    expect(provider.submitted).to.have.length(1);
    expect(await stream(streamId)).to.have.length(recorded.length);
  });

  it('given a crash after the intent was recorded, when Created and Started are replayed, then the provider is called once and one outcome is recorded', async () => {
    const { streamId, created } = await issueOne();
    await aggregates.handle(streamId, documentDecider, { type: 'StartSubmission', now: clock.now() }, contextFor(tenantId));
    const [, started] = await stream(streamId);
    const provider = new FakeProvider();
    const pm = manager(provider);
    await pm.handle(created);
    await pm.handle(started);
    expect(provider.submitted).to.have.length(1);
    expect(await types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
  });

  it('given a document cancelled before submission, when DocumentCreated is handled, then the provider is never called', async () => {
    const { streamId, created } = await issueOne();
    await aggregates.handle(streamId, documentDecider, { type: 'CancelDocument', now: clock.now() }, contextFor(tenantId));
    const provider = new FakeProvider();
    await manager(provider).handle(created);
    expect(provider.submitted).to.have.length(0);
    expect(await types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentCancelled']);
  });

  it('given an event of a stream of no document family, when handled, then it fails loudly', async () => {
    const event = { ...(await issueOne()).created, streamId: 'unknownCategory-1' };
    const error = await manager(new FakeProvider()).handle(event).then(() => null, (e: Error) => e);
    expect(error?.message).to.contain('unknownCategory-1');
  });

  describe('driven by a SubscriptionRunner', () => {
    const memoryCheckpoints = (): CheckpointStore => {
      const saved = new Map<string, bigint>();
      return { load: async (name) => saved.get(name), store: async (name, position) => void saved.set(name, position) };
    };

    it('given several documents, when the runner handles the log with concurrency, then each is submitted once; a full replay from the start submits none again', async () => {
      const documents = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => issueOne(key)));
      const provider = new FakeProvider();
      const pm = manager(provider);
      const runner = new SubscriptionRunner(stores.events, memoryCheckpoints(), pm, silentLogger, { concurrency: 4 });
      await runner.start();
      await runner.waitFor(await stores.events.headPosition());
      // the outcomes appended after the first pass may need a second wait for their own Started events
      await runner.waitFor(await stores.events.headPosition());
      await runner.stop();
      expect(provider.submitted.map((d) => d.id).sort()).to.deep.equal(documents.map((d) => d.documentId).sort());
      const before = await stores.events.headPosition();

      // crash recovery: the checkpoint is lost and everything is replayed
      const replay = new SubscriptionRunner(stores.events, memoryCheckpoints(), pm, silentLogger, { concurrency: 4 });
      await replay.start();
      await replay.waitFor(before);
      await replay.stop();
      expect(provider.submitted).to.have.length(5);
      expect(await stores.events.headPosition()).to.equal(before);
      for (const { streamId } of documents) {
        expect((await types(streamId)).filter((t) => t === 'DocumentValidated'), streamId).to.have.length(1);
      }
    });
  });
});
