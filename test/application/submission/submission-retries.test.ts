import { expect } from 'chai';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import { retryDelay } from '../../../application/submission/submission-retry-policy.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { contextFor, FakeProvider, FixedClock, gate, openTempStores, validatedOutcome, type TempStores } from '../../support/fixtures.ts';
import { ScriptedProvider } from '../../support/scripted-provider.ts';
import { submissionStack, TEST_RETRY } from './submission-fixtures.ts';

describe('Submission retries: durable, backed off, limited', () => {
  let stores: TempStores;
  let clock: FixedClock;

  beforeEach(() => {
    stores = openTempStores();
    clock = new FixedClock('2026-05-06T15:00:00.000Z');
  });

  afterEach(() => stores.dispose());

  /** Runs the scheduler at the time the document's next attempt is due. */
  async function atNextAttempt(s: ReturnType<typeof submissionStack>, streamId: string): Promise<number> {
    const { nextAttemptAt } = await s.state(streamId);
    clock.advance(Date.parse(String(nextAttemptAt)) - clock.now().getTime());
    await s.project();
    return s.scheduler.tick();
  }

  it('computes capped exponential delays, less a random share, never shorter than the provider asked', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(TEST_RETRY, attempt, none))).to.deep.equal([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(retryDelay(TEST_RETRY, 3, () => 1)).to.equal(2_000);
    expect(retryDelay(TEST_RETRY, 3, () => 0.5)).to.equal(3_000);
    expect(retryDelay(TEST_RETRY, 1, none, 30_000)).to.equal(30_000);
  });

  it('given a failed first attempt, then nothing is sent before its retry is due; at that time the scheduler claims the retry and the answer is recorded', async () => {
    const provider = new ScriptedProvider();
    const s = submissionStack(stores, provider, clock);
    const { streamId, created } = await s.issue('k1');
    provider.down = true;
    await s.processManager.handle(created);
    await s.project();
    clock.advance(999);
    expect(await s.scheduler.tick()).to.equal(0);
    provider.down = false;
    expect(await atNextAttempt(s, streamId)).to.equal(1);
    expect(provider.calls).to.have.length(2);
    expect(await s.types(streamId)).to.deep.equal([
      'DocumentCreated', 'DocumentSubmissionStarted', 'DocumentSubmissionAttemptFailed', 'DocumentSubmissionRetryStarted', 'DocumentValidated',
    ]);
    const started = (await stores.events.readStream(streamId))[3];
    expect(started.data).to.include({ attempt: 2, leaseUntil: '2026-05-06T15:01:01.000Z' });
    expect(started.metadata).to.include({ actor: 'system:submission-scheduler', $correlationId: 'req-k1' });
    await s.project();
    expect(await s.due.get({ tenantId: '*', environment: 'document-submissions', id: (await s.state(streamId)).id }), 'the settled timer is removed').to.equal(null);
  });

  it('given a timer brought back after its document settled (an older event handled late), then the scheduler drops it when due, without sending anything', async () => {
    const provider = new ScriptedProvider();
    const s = submissionStack(stores, provider, clock);
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    await s.project();
    const { id, tenantId, environment } = await s.state(streamId);
    const key = { tenantId: '*', environment: 'document-submissions', id };
    expect(await s.due.get(key)).to.equal(null);
    const late = (await stores.events.readStream(streamId)).find((event) => event.type === 'DocumentSubmissionStarted')!;
    await s.due.upsert(key, late.revision, { documentId: id, streamId, tenantId, environment, dueAt: clock.now().toISOString() });
    const eventsBefore = await s.types(streamId);

    expect(await s.scheduler.tick()).to.equal(1);

    expect(await s.due.get(key)).to.equal(null);
    expect(await s.types(streamId)).to.deep.equal(eventsBefore);
    expect(provider.calls).to.have.length(1);
    expect(await s.scheduler.tick()).to.equal(0);
  });

  it('given a provider that stays down, then each retry waits twice as long, and after the last attempt the document is failed with the reason', async () => {
    const provider = new ScriptedProvider('connection refused');
    provider.down = true;
    const s = submissionStack(stores, provider, clock);
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    for (let retry = 0; retry < 3; retry += 1) await atNextAttempt(s, streamId);
    const events = await stores.events.readStream(streamId);
    const failures = events.filter((event) => event.type === 'DocumentSubmissionAttemptFailed');
    expect(failures.map((event) => Date.parse(String(event.data.retryAt)) - Date.parse(String(event.data.at)))).to.deep.equal([1_000, 2_000, 4_000]);
    const state = await s.state(streamId);
    expect(state.status).to.equal('failed');
    expect(state.failureReason).to.equal('provider scripted unavailable after 4 attempts: connection refused');
    clock.advance(3_600_000);
    await s.project();
    expect(await s.scheduler.tick()).to.equal(0);
    expect(provider.calls).to.have.length(4);
  });

  it('given the provider asks to wait (Retry-After), then the retry is not due earlier; the jitter is the injected randomness', async () => {
    const provider = new FakeProvider(new ProviderUnavailableError('429', 30_000));
    const s = submissionStack(stores, provider, clock, { random: () => 1 });
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    expect((await s.state(streamId)).nextAttemptAt).to.equal('2026-05-06T15:00:30.000Z');
    const jittered = submissionStack(stores, new FakeProvider(new ProviderUnavailableError('503')), clock, { random: () => 1, sharing: s });
    const second = await jittered.issue('k2');
    await jittered.processManager.handle(second.created);
    expect((await jittered.state(second.streamId)).nextAttemptAt).to.equal('2026-05-06T15:00:00.500Z');
  });

  it('given a restart between the failed attempt and its retry, then the new process finds the timer in the store and retries once', async () => {
    const before = new ScriptedProvider();
    before.down = true;
    const first = submissionStack(stores, before, clock);
    const { streamId, created } = await first.issue('k1');
    await first.processManager.handle(created);
    await first.project();

    const after = new ScriptedProvider();
    const restarted = submissionStack(stores.reopen(), after, clock, { sharing: first });
    clock.advance(1_000);
    expect(await restarted.scheduler.tick()).to.equal(1);
    expect(after.calls).to.have.length(1);
    expect((await restarted.state(streamId)).status).to.equal('validated');
  });

  it('given a retry whose worker vanished after claiming it, then the next attempt is due only when the claim lapses', async () => {
    const provider = new ScriptedProvider();
    provider.down = true;
    const s = submissionStack(stores, provider, clock);
    const { streamId, created } = await s.issue('k1');
    await s.processManager.handle(created);
    clock.advance(1_000);
    await s.aggregates.handle(streamId, documentDecider, { type: 'StartRetry', leaseMs: TEST_RETRY.leaseMs, now: clock.now() }, contextFor(await s.tenant()));
    provider.down = false;
    await s.project();
    expect(await s.scheduler.tick()).to.equal(0);
    clock.advance(TEST_RETRY.leaseMs);
    await s.project();
    expect(await s.scheduler.tick()).to.equal(1);
    const retries = (await stores.events.readStream(streamId)).filter((event) => event.type === 'DocumentSubmissionRetryStarted');
    expect(retries.map((event) => event.data.attempt)).to.deep.equal([2, 3]);
    expect(await s.state(streamId)).to.include({ status: 'validated' });
    expect(provider.calls).to.have.length(2);
  });

  it('given two instances polling the same due retry, then the stream lets one claim it: the provider is asked once', async () => {
    const slow = gate();
    const provider = new FakeProvider(new ProviderUnavailableError('down'), async () => {
      await slow.promise;
      return validatedOutcome();
    });
    const one = submissionStack(stores, provider, clock);
    const other = submissionStack(stores.reopen(), provider, clock, { sharing: one });
    const { streamId, created } = await one.issue('k1');
    await one.processManager.handle(created);
    await one.project();
    clock.advance(1_000);
    const running = one.scheduler.tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The other instance's read model has not seen the claim yet: the row still says due.
    expect(await other.scheduler.tick()).to.equal(1);
    slow.open();
    await running;
    expect(provider.submitted).to.have.length(2);
    expect((await one.types(streamId)).filter((type) => type === 'DocumentSubmissionRetryStarted')).to.have.length(1);
  });

  it('given a retry claimed and answered, then a late answer of an older attempt changes nothing', () => {
    const sent = { ...documentDecider.initialState(), id: 'd', status: 'sent' as const, submissionRetries: 1, nextAttemptAt: '2026-05-06T15:01:00.000Z' };
    const stale = documentDecider.decide({ type: 'RecordAttemptFailure', attempt: 1, reason: 'late', retryAt: clock.now(), now: clock.now() }, sent);
    expect(stale).to.deep.equal([]);
    expect(documentDecider.decide({ type: 'StartRetry', leaseMs: 1, now: clock.now() }, sent)).to.deep.equal([]);
    expect(documentDecider.decide({ type: 'StartRetry', leaseMs: 1, now: clock.now() }, { ...sent, status: 'cancelled' })).to.deep.equal([]);
  });
});
