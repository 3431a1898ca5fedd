import { expect } from 'chai';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import { NumberIndex } from '../../../application/documents/number-index.ts';
import { OutcomeRecorder } from '../../../application/submission/outcome-recorder.ts';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import { SCHEDULED_SUBMISSIONS_AT_LEAST, SubmissionModule, UNLIMITED_PROVIDER_CONCURRENCY } from '../../../infrastructure/composition/submission-module.ts';
import { FakeProvider, FixedClock, openTempStores, silentLogger, type TempStores } from '../../support/fixtures.ts';
import { submissionStack, TEST_RETRY } from '../../application/submission/submission-fixtures.ts';

const rejected: SubmissionOutcome = { kind: 'rejected', errors: [{ code: 'FAK99', message: 'held, then answered' }] };

describe('SubmissionModule (how many documents it keeps on the provider at once)', function () {
  this.timeout(120_000);
  let stores: TempStores;
  beforeEach(() => {
    stores = openTempStores();
  });
  afterEach(() => stores.dispose());

  const until = async (condition: () => boolean, what: string): Promise<void> => {
    for (let i = 0; i < 3_000 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    if (!condition()) throw new Error(`timed out waiting for ${what}`);
  };

  /** The module as the container wires it, over this test's stores and the stack's aggregates. */
  function moduleOver(stack: ReturnType<typeof submissionStack>, provider: FakeProvider, clock: FixedClock, options: { random?: () => number; concurrency?: number } = {}) {
    return new SubmissionModule({
      logger: silentLogger,
      eventStore: stores.events,
      readModels: stores.readModels,
      aggregates: stack.aggregates,
      provider,
      outcomes: new OutcomeRecorder(stack.aggregates, new NumberIndex(stores.events), clock),
      clock,
      retry: TEST_RETRY,
      ...options,
    });
  }

  it('given a provider that sets no limit and holds every submission, then 512 documents are on it at once, the rest wait, and all are submitted once released', async () => {
    const clock = new FixedClock('2024-03-01T15:30:00.000Z');
    let onProvider = 0;
    let most = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const provider = new FakeProvider(async () => {
      onProvider += 1;
      most = Math.max(most, onProvider);
      await held;
      onProvider -= 1;
      return rejected;
    });
    const stack = submissionStack(stores, provider, clock);
    const total = UNLIMITED_PROVIDER_CONCURRENCY + 40;
    for (let i = 0; i < total; i += 1) await stack.issue(`held-${i}`);
    const module = moduleOver(stack, provider, clock);
    const [processManager] = module.runners;
    await processManager.start();
    try {
      await until(() => onProvider === UNLIMITED_PROVIDER_CONCURRENCY, `${UNLIMITED_PROVIDER_CONCURRENCY} documents on the provider`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(UNLIMITED_PROVIDER_CONCURRENCY).to.equal(512);
      expect(provider.submitted).to.have.length(UNLIMITED_PROVIDER_CONCURRENCY);
      release();
      await processManager.waitFor(await stores.events.headPosition(), 60_000);
      await until(() => provider.submitted.length === total && onProvider === 0, 'every document answered');
      expect(most).to.equal(UNLIMITED_PROVIDER_CONCURRENCY);
      expect(new Set(provider.submitted.map((document) => document.id)).size).to.equal(total);
    } finally {
      release();
      await processManager.stop();
    }
  });

  /** Documents whose first attempt found the provider unavailable, due again once the clock passes their retry. */
  async function dueRetries(count: number, provider: FakeProvider, clock: FixedClock, concurrency?: number) {
    const stack = submissionStack(stores, provider, clock);
    for (let i = 0; i < count; i += 1) await stack.issue(`retry-${i}`);
    const module = moduleOver(stack, provider, clock, { random: () => 0, concurrency });
    const [processManager] = module.runners;
    await processManager.start();
    await processManager.waitFor(await stores.events.headPosition(), 60_000);
    await processManager.stop();
    clock.advance(TEST_RETRY.maxDelayMs * 2);
    await stack.project();
    return module;
  }

  /** The most submissions the scheduler had on the provider at once in one poll of `count` due retries. */
  async function mostRetriesAtOnce(count: number, concurrency?: number): Promise<{ most: number; retried: number }> {
    const clock = new FixedClock('2024-03-01T15:30:00.000Z');
    let onProvider = 0;
    let most = 0;
    let retrying = false;
    const provider = new FakeProvider(async () => {
      if (!retrying) throw new ProviderUnavailableError('down for the first attempts');
      onProvider += 1;
      most = Math.max(most, onProvider);
      // Held for a few turns of the event loop, so the attempts of one poll overlap as far as the scheduler lets them.
      for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      onProvider -= 1;
      return rejected;
    });
    const module = await dueRetries(count, provider, clock, concurrency);
    retrying = true;
    const retried = await module.scheduler.tick();
    return { most, retried };
  }

  it('given a provider that sets no limit and 150 documents due for a retry, then one poll of the scheduler has its whole batch of 100 on the provider at once', async () => {
    const { most, retried } = await mostRetriesAtOnce(150);
    expect(retried).to.equal(100);
    expect(most).to.equal(100);
  });

  it(`given a provider that takes 4 at once and 30 documents due for a retry, then the scheduler has ${SCHEDULED_SUBMISSIONS_AT_LEAST} on it at once, as before`, async () => {
    const { most, retried } = await mostRetriesAtOnce(30, 4);
    expect(retried).to.equal(30);
    expect(most).to.equal(SCHEDULED_SUBMISSIONS_AT_LEAST);
  });
});
