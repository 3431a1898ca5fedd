import { expect } from 'chai';
import { ProviderUnavailableError, type SubmissionAttempt } from '../../../application/ports/document-provider.ts';
import type { CheckpointStore } from '../../../application/ports/read-model-store.ts';
import { SubscriptionRunner } from '../../../application/subscriptions/subscription-runner.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { contextFor, FakeProvider, FixedClock, openTempStores, silentLogger, validatedOutcome, type TempStores } from '../../support/fixtures.ts';
import { NumberIndex } from '../../../application/documents/number-index.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { OutcomeRecorder } from '../../../application/submission/outcome-recorder.ts';
import { submissionContext } from '../../../application/submission/submission-context.ts';
import { SubmissionProcessManager } from '../../../application/submission/submission-process-manager.ts';
import { SubmitDocument } from '../../../application/submission/submit-document.ts';
import { readCounting } from '../../support/read-counting-event-store.ts';
import { submissionStack, TEST_RETRY } from './submission-fixtures.ts';

describe('SubmissionProcessManager', () => {
  let stores: TempStores;
  const clock = new FixedClock('2024-03-01T15:30:00.000Z');

  beforeEach(() => {
    stores = openTempStores();
  });

  afterEach(() => stores.dispose());

  const stack = (provider: FakeProvider) => submissionStack(stores, provider, clock);
  /** A SubmitDocument over the same stores whose stream and head reads are counted. */
  const readCountingSubmit = () => {
    const { store, reads } = readCounting(stores.events);
    const aggregates = new AggregateStore(store);
    const submit = new SubmitDocument(aggregates, new FakeProvider(), new OutcomeRecorder(aggregates, new NumberIndex(store), clock), clock, silentLogger, TEST_RETRY);
    return { submit, reads };
  };

  it('given a new document, when DocumentCreated is handled, then intent is recorded before the provider is called, then the outcome', async () => {
    let typesSeenBySubmit: string[] = [];
    const provider = new FakeProvider(async () => {
      typesSeenBySubmit = await s.types(streamId);
      return validatedOutcome('SETP990000000');
    });
    const s = stack(provider);
    const { streamId, created, documentId } = await s.issue('k1');
    await s.processManager.handle(created);

    expect(typesSeenBySubmit).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted']);
    expect(provider.submitted).to.have.length(1);
    expect(provider.submitted[0]).to.include({ id: documentId, status: 'sent' });
    expect(await s.types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
    expect(await s.state(streamId)).to.include({ status: 'validated', number: 'SETP990000000' });
  });

  it('given the events it records, then they carry the tenant scope, the system actor, the request correlation and the triggering event as causation', async () => {
    const s = stack(new FakeProvider());
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    const [, started, validated] = await stores.events.readStream(streamId);
    for (const event of [started, validated]) {
      expect(event.metadata).to.include({ tenantId: await s.tenant(), environment: 'test', actor: 'system:submission', $correlationId: 'req-k1', $causationId: created.id });
    }
  });

  it('given the provider rejects, when handled, then DocumentRejected with the errors', async () => {
    const rejected: SubmissionOutcome = { kind: 'rejected', errors: [{ code: 'FAK24', message: 'no RUT' }] };
    const s = stack(new FakeProvider(rejected));
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    expect(await s.state(streamId)).to.deep.include({ status: 'rejected', errors: [{ code: 'FAK24', message: 'no RUT' }] });
  });

  it('given the provider is unavailable, when handled, then the attempt is recorded with the time of the next one, not retried in memory', async () => {
    const provider = new FakeProvider(new ProviderUnavailableError('503'), validatedOutcome());
    const s = stack(provider);
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    expect(provider.submitted).to.have.length(1);
    const events = await stores.events.readStream(streamId);
    expect(events.map((event) => event.type)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentSubmissionAttemptFailed']);
    expect(events[2].data).to.include({ attempt: 1, reason: '503', retryAt: '2024-03-01T15:30:01.000Z' });
    expect(await s.state(streamId)).to.include({ status: 'sent', nextAttemptAt: '2024-03-01T15:30:01.000Z' });
  });

  it('given an unexpected provider error, when handled, then the error propagates (for the runner to retry or stop) and no outcome is invented', async () => {
    const s = stack(new FakeProvider(new TypeError('bug in adapter')));
    const { streamId, created } = await s.issue('k1');
    const error = await s.processManager.handle(created).then(() => null, (e: Error) => e);
    expect(error?.message).to.equal('bug in adapter');
    expect(await s.types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted']);
  });

  it('given a finished submission, when its events are replayed, then the provider is not called again and no outcome is added', async () => {
    const provider = new FakeProvider();
    const s = stack(provider);
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    const recorded = await stores.events.readStream(streamId);
    for (const event of recorded.filter((e) => s.processManager.filter.eventTypes.includes(e.type))) await s.processManager.handle(event);
    expect(provider.submitted).to.have.length(1);
    expect(await stores.events.readStream(streamId)).to.have.length(recorded.length);
  });

  it('given a worker that vanished after claiming the first attempt, when the creation is replayed, then nothing is sent; once the claim lapses the scheduler resumes it once, as a resumed attempt', async () => {
    const attempts: SubmissionAttempt[] = [];
    const provider = new FakeProvider(async (_document, attempt) => {
      attempts.push(attempt!);
      return validatedOutcome();
    });
    const s = stack(provider);
    const { streamId, created } = await s.issue('k1');
    await s.aggregates.handle(streamId, documentDecider, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() }, contextFor(await s.tenant()));
    await s.processManager.handle(created);
    await s.processManager.handle(created);
    expect(provider.submitted, 'the claim is another worker\'s until it lapses').to.have.length(0);
    expect(await s.submit.retry(streamId, 'system:test'), 'not due before the lease ends').to.equal(false);
    clock.advance(60_000);
    expect(await s.submit.retry(streamId, 'system:test')).to.equal(true);
    expect(await s.submit.retry(streamId, 'system:test')).to.equal(false);
    expect(provider.submitted).to.have.length(1);
    expect(attempts.map(({ number, resumed }) => ({ number, resumed }))).to.deep.equal([{ number: 2, resumed: true }]);
    expect(await s.types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentSubmissionRetryStarted', 'DocumentValidated']);
  });

  it('given two workers handling one creation at once, then one claims it and only that one calls the provider', async () => {
    const provider = new FakeProvider();
    const s = stack(provider);
    const { streamId, created } = await s.issue('k1');
    await Promise.all([s.processManager.handle(created), s.processManager.handle(created), s.processManager.handle(created)]);
    expect(provider.submitted).to.have.length(1);
    expect((await s.types(streamId)).filter((type) => type === 'DocumentSubmissionStarted')).to.have.length(1);
  });

  it('given an attempt that waited past its lease, when it confirms before sending, then the claim is extended on the stream', async () => {
    let confirmed = false;
    const provider = new FakeProvider(async (_document, attempt) => {
      clock.advance(55_000);
      await attempt!.confirm(30_000);
      confirmed = true;
      return validatedOutcome();
    });
    const s = stack(provider);
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    expect(confirmed).to.equal(true);
    const events = await stores.events.readStream(streamId);
    expect(events.map((e) => e.type)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentSubmissionLeaseExtended', 'DocumentValidated']);
    expect(events[2].data).to.include({ attempt: 1 });
  });

  it('given the provider answers, then the outcome is appended on the revision the claim left, without reading the document stream again', async () => {
    const s = stack(new FakeProvider());
    const { streamId, created } = await s.issue('k1');
    const { submit, reads } = readCountingSubmit();
    await submit.first(streamId, submissionContext(created, created, 'system:submission'));
    expect(await s.types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
    expect(reads.streams.filter((id) => id === streamId)).to.have.length(1);
  });

  it('given the creation it handles is its stream\'s only event, then the claim and the outcome are appended without reading the document stream', async () => {
    const s = stack(new FakeProvider());
    const { streamId, created } = await s.issue('k1');
    const { submit, reads } = readCountingSubmit();
    await new SubmissionProcessManager(submit).handle(created);
    expect(await s.types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
    expect(reads.streams.filter((id) => id === streamId)).to.deep.equal([]);
  });

  it('given a creation handled after its stream has grown, then the stale view costs one refused append: the stream is read and nothing is sent twice', async () => {
    const provider = new FakeProvider();
    const s = stack(provider);
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    const before = await s.types(streamId);
    await s.processManager.handle(created);
    expect(provider.submitted).to.have.length(1);
    expect(await s.types(streamId)).to.deep.equal(before);
    expect(before).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
  });

  it('given an attempt whose claim was taken over by another worker, when it confirms before sending, then it does not send and records nothing', async () => {
    let other: Promise<boolean> | undefined;
    const s = stack(new FakeProvider(async (_document, attempt) => {
      if (attempt!.number === 1) {
        clock.advance(61_000);
        other = s.submit.retry(streamId, 'system:other');
        await other;
        await attempt!.confirm(30_000);
      }
      return validatedOutcome();
    }));
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    expect(await other).to.equal(true);
    expect(await s.types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentSubmissionRetryStarted', 'DocumentValidated']);
  });

  it('given a failed attempt waiting for its retry, when the creation is replayed, then nothing is sent: the retry belongs to the scheduler', async () => {
    const provider = new FakeProvider(new ProviderUnavailableError('down'), validatedOutcome());
    const s = stack(provider);
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    await s.processManager.handle(created);
    expect(provider.submitted).to.have.length(1);
    expect(await s.types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentSubmissionAttemptFailed']);
  });

  it('given a document cancelled before submission, when DocumentCreated is handled, then the provider is never called', async () => {
    const provider = new FakeProvider();
    const s = stack(provider);
    const { streamId, created } = await s.issue('k1');
    await s.aggregates.handle(streamId, documentDecider, { type: 'CancelDocument', now: clock.now() }, contextFor(await s.tenant()));
    await s.processManager.handle(created);
    expect(provider.submitted).to.have.length(0);
    expect(await s.types(streamId)).to.deep.equal(['DocumentCreated', 'DocumentCancelled']);
  });

  it('given an event of a stream of no document family, when handled, then it fails loudly', async () => {
    const s = stack(new FakeProvider());
    const event = { ...(await s.issue('k1')).created, streamId: 'unknownCategory-1' };
    const error = await s.processManager.handle(event).then(() => null, (e: Error) => e);
    expect(error?.message).to.contain('unknownCategory-1');
  });

  it('given several documents driven by a SubscriptionRunner with concurrency, then each is submitted once; a full replay submits none again', async () => {
    const memoryCheckpoints = (): CheckpointStore => {
      const saved = new Map<string, bigint>();
      return { load: async (name) => saved.get(name), store: async (name, position) => void saved.set(name, position) };
    };
    const provider = new FakeProvider();
    const s = stack(provider);
    const documents = [];
    for (const key of ['a', 'b', 'c', 'd', 'e']) documents.push(await s.issue(key));
    const runner = new SubscriptionRunner(stores.events, memoryCheckpoints(), s.processManager, silentLogger, { concurrency: 4 });
    await runner.start();
    await runner.waitFor(await stores.events.headPosition());
    await runner.stop();
    expect(provider.submitted.map((d) => d.id).sort()).to.deep.equal(documents.map((d) => d.documentId).sort());
    const before = await stores.events.headPosition();

    const replay = new SubscriptionRunner(stores.events, memoryCheckpoints(), s.processManager, silentLogger, { concurrency: 4 });
    await replay.start();
    await replay.waitFor(before);
    await replay.stop();
    expect(provider.submitted).to.have.length(5);
    expect(await stores.events.headPosition()).to.equal(before);
  });
});
