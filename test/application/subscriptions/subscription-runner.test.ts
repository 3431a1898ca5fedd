import { expect } from 'chai';
import type { RecordedEvent } from '../../../application/ports/event-store.ts';
import type { EventHandler } from '../../../application/subscriptions/event-handler.ts';
import { SubscriptionRunner, type RunnerOptions } from '../../../application/subscriptions/subscription-runner.ts';
import type { SqliteEventStore } from '../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import type { SqliteReadModelStore } from '../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { eventually, gate, openTempStores, silentLogger, type TempStores } from '../../support/fixtures.ts';

/** Records what it handled; `behaviour` may delay or throw per event. */
class RecordingHandler implements EventHandler {
  readonly kind = 'projection' as const;
  readonly filter = { eventTypePrefixes: ['Thing'] };
  readonly handled: RecordedEvent[] = [];
  readonly attempts = new Map<bigint, number>();
  active = 0;
  maxActive = 0;

  constructor(
    readonly name = 'things',
    private readonly behaviour: (event: RecordedEvent, attempt: number) => Promise<void> | void = () => undefined,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const attempt = (this.attempts.get(event.position) ?? 0) + 1;
    this.attempts.set(event.position, attempt);
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      await this.behaviour(event, attempt);
      this.handled.push(event);
    } finally {
      this.active -= 1;
    }
  }

  positions(): bigint[] {
    return this.handled.map((event) => event.position);
  }
}

const FAST_RETRY = { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 2 };
const NO_TIMED_COMMITS = { checkpointIntervalMs: 3_600_000 };

describe('SubscriptionRunner', () => {
  let stores: TempStores;
  let events: SqliteEventStore;
  let readModels: SqliteReadModelStore;
  const runners: SubscriptionRunner[] = [];

  beforeEach(() => {
    stores = openTempStores();
    ({ events, readModels } = stores);
  });

  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await stores.dispose();
  });

  function runner(handler: EventHandler, options: RunnerOptions = {}): SubscriptionRunner {
    const created = new SubscriptionRunner(events, readModels.checkpoints, handler, silentLogger, { retry: FAST_RETRY, ...options });
    runners.push(created);
    return created;
  }

  /** Appends one event per stream id given; answers the positions. */
  async function append(...streams: string[]): Promise<bigint[]> {
    const positions: bigint[] = [];
    for (const stream of streams) {
      const result = await events.append(stream, [{ type: stream.startsWith('other') ? 'Other' : 'ThingHappened', data: { stream }, metadata: {} }], 'any');
      positions.push(result.position);
    }
    return positions;
  }

  describe('catching up and resuming', () => {
    it('given events in the log and no checkpoint, when started, then every matching event is handled in log order', async () => {
      const positions = await append('thing-a', 'other-x', 'thing-b', 'thing-a');
      const handler = new RecordingHandler();
      const subscription = runner(handler);
      await subscription.start();
      await subscription.waitFor(positions[3]);
      expect(handler.positions()).to.deep.equal([positions[0], positions[2], positions[3]]);
      expect(subscription.status()).to.include({ name: 'things', kind: 'projection', state: 'running', position: String(positions[3]), error: null, faultSince: null });
    });

    it('given a running subscription, when new events are appended, then they are handled live', async () => {
      const handler = new RecordingHandler();
      const subscription = runner(handler);
      await subscription.start();
      const [position] = await append('thing-live');
      await subscription.waitFor(position);
      expect(handler.positions()).to.deep.equal([position]);
    });

    it('given a durable checkpoint, when started, then it resumes after the checkpoint', async () => {
      const positions = await append('thing-a', 'thing-b', 'thing-c');
      await readModels.checkpoints.store('things', positions[1]);
      const handler = new RecordingHandler();
      const subscription = runner(handler);
      await subscription.start();
      await subscription.waitFor(positions[2]);
      expect(handler.positions()).to.deep.equal([positions[2]]);
    });

    it('given a stopped subscription, when a new runner starts over the same stores, then it handles only what came after', async () => {
      const [first] = await append('thing-a');
      const before = new RecordingHandler();
      const one = runner(before);
      await one.start();
      await one.waitFor(first);
      await one.stop();
      const [second] = await append('thing-b');
      const after = new RecordingHandler();
      const two = runner(after);
      await two.start();
      await two.waitFor(second);
      expect(before.positions()).to.deep.equal([first]);
      expect(after.positions()).to.deep.equal([second]);
    });
  });

  describe('checkpoints in batches', () => {
    it('given checkpointEvery 3, when 7 events are handled, then the durable checkpoint is at the 6th; stop commits the 7th', async () => {
      const positions = await append('thing-1', 'thing-2', 'thing-3', 'thing-4', 'thing-5', 'thing-6', 'thing-7');
      const subscription = runner(new RecordingHandler(), { checkpointEvery: 3, ...NO_TIMED_COMMITS });
      await subscription.start();
      await subscription.waitFor(positions[6]);
      expect(await readModels.checkpoints.load('things')).to.equal(positions[5]);
      await subscription.stop();
      expect(await readModels.checkpoints.load('things')).to.equal(positions[6]);
    });

    it('given fewer events than checkpointEvery, when the interval has passed and the subscription is idle, then the checkpoint is committed', async () => {
      const positions = await append('thing-1', 'thing-2');
      const subscription = runner(new RecordingHandler(), { checkpointEvery: 1_000, checkpointIntervalMs: 20 });
      await subscription.start();
      await subscription.waitFor(positions[1]);
      await eventually(async () => (await readModels.checkpoints.load('things')) === positions[1], 1_000);
      expect(subscription.status().state).to.equal('running');
    });

    it('given the interval has passed, when the next event is handled, then the checkpoint is committed without waiting for the batch', async () => {
      const subscription = runner(new RecordingHandler(), { checkpointEvery: 1_000, checkpointIntervalMs: 20 });
      await subscription.start();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const [position] = await append('thing-1');
      await subscription.waitFor(position);
      await eventually(async () => (await readModels.checkpoints.load('things')) === position, 1_000);
    });
  });

  describe('concurrency', () => {
    it('given concurrency 4, when events of several streams are handled, then each stream keeps its order and events overlap', async () => {
      const streams = ['thing-a', 'thing-b', 'thing-c', 'thing-d'];
      const positions = await append(...Array.from({ length: 24 }, (_, i) => streams[i % streams.length]));
      const handler = new RecordingHandler('things', async (event) => {
        await new Promise((resolve) => setTimeout(resolve, Number(event.position % 3n) * 3));
      });
      const subscription = runner(handler, { concurrency: 4 });
      await subscription.start();
      await subscription.waitFor(positions[23]);
      await eventually(() => handler.handled.length === 24);
      for (const stream of streams) {
        const mine = handler.handled.filter((event) => event.streamId === stream).map((event) => event.position);
        expect(mine, stream).to.deep.equal([...mine].sort((a, b) => (a < b ? -1 : 1)));
        expect(mine).to.have.length(6);
      }
      expect(handler.maxActive).to.be.within(2, 4);
    });

    it('given concurrency 4 and a slow first event, when later events finish first, then the checkpoint does not pass the unfinished one', async () => {
      const slow = gate();
      const positions = await append('thing-slow', 'thing-b', 'thing-c');
      const handler = new RecordingHandler('things', async (event) => {
        if (event.streamId === 'thing-slow') await slow.promise;
      });
      const subscription = runner(handler, { concurrency: 4, checkpointEvery: 1 });
      await subscription.start();
      await eventually(() => handler.handled.length === 2);
      expect(handler.positions()).to.deep.equal([positions[1], positions[2]]);
      expect(subscription.status().position).to.equal(null);
      expect(await readModels.checkpoints.load('things')).to.equal(undefined);

      slow.open();
      await subscription.waitFor(positions[2]);
      expect(subscription.status().position).to.equal(String(positions[2]));
      await eventually(async () => (await readModels.checkpoints.load('things')) === positions[2]);
    });

    it('given concurrency 4, when one stream has many events, then they run strictly one after another', async () => {
      const positions = await append(...Array.from({ length: 8 }, () => 'thing-same'));
      let overlapping = false;
      let running = 0;
      const handler = new RecordingHandler('things', async () => {
        running += 1;
        if (running > 1) overlapping = true;
        await new Promise((resolve) => setTimeout(resolve, 2));
        running -= 1;
      });
      const subscription = runner(handler, { concurrency: 4 });
      await subscription.start();
      await subscription.waitFor(positions[7]);
      expect(overlapping).to.equal(false);
      expect(handler.positions()).to.deep.equal(positions);
    });
  });

  describe('failure policy', () => {
    it('given a handler that fails twice, when retried, then the event is handled on the third attempt and the subscription keeps running', async () => {
      const positions = await append('thing-a', 'thing-b');
      const handler = new RecordingHandler('things', (event, attempt) => {
        if (event.position === positions[0] && attempt < 3) throw new Error('transient');
      });
      const subscription = runner(handler);
      await subscription.start();
      await subscription.waitFor(positions[1]);
      expect(handler.attempts.get(positions[0])).to.equal(3);
      expect(handler.positions()).to.deep.equal(positions);
      expect(subscription.status()).to.include({ state: 'running', error: null });
    });

    it('given a handler that always fails on one event, when retries run out, then the runner fails with position, type and stream, and stops', async () => {
      const positions = await append('thing-ok', 'thing-bad', 'thing-after');
      const handler = new RecordingHandler('things', (event) => {
        if (event.streamId === 'thing-bad') throw new Error('cannot project');
      });
      const subscription = runner(handler);
      await subscription.start();
      await eventually(() => subscription.status().state === 'failed');
      const status = subscription.status();
      expect(status.error).to.contain('cannot project');
      expect(status.error).to.contain(`position ${positions[1]}`);
      expect(status.error).to.contain('ThingHappened');
      expect(status.error).to.contain('thing-bad');
      expect(handler.attempts.get(positions[1])).to.equal(FAST_RETRY.maxAttempts);
      expect(handler.positions()).to.deep.equal([positions[0]]);
      expect(status.position).to.equal(String(positions[0]));
      expect(await readModels.checkpoints.load('things')).to.equal(positions[0]);

      // stopped: later events are not taken
      const [late] = await append('thing-late');
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(handler.handled.map((event) => event.position)).to.not.include(late);
      const waited = await subscription.waitFor(positions[2], 500).then(() => null, (error: Error) => error);
      expect(waited?.message).to.contain('failed').and.to.contain('cannot project');
    });

    it('given a failed subscription, when restarted with a fixed handler, then it retries the failing event first (never skips it)', async () => {
      const positions = await append('thing-ok', 'thing-bad', 'thing-after');
      const broken = runner(new RecordingHandler('things', (event) => {
        if (event.streamId === 'thing-bad') throw new Error('bug');
      }));
      await broken.start();
      await eventually(() => broken.status().state === 'failed');
      await broken.stop();
      expect(broken.status().state).to.equal('failed');

      const fixed = new RecordingHandler('things');
      const restarted = runner(fixed);
      await restarted.start();
      await restarted.waitFor(positions[2]);
      expect(fixed.positions()).to.deep.equal([positions[1], positions[2]]);
    });

    it('given concurrency 4 and a failing event, when later events of other streams succeed, then the checkpoint stays before the failing event', async () => {
      const positions = await append('thing-a', 'thing-bad', 'thing-c', 'thing-d');
      const handler = new RecordingHandler('things', async (event) => {
        if (event.streamId === 'thing-bad') throw new Error('bad');
      });
      const subscription = runner(handler, { concurrency: 4, checkpointEvery: 1 });
      await subscription.start();
      await eventually(() => subscription.status().state === 'failed');
      await subscription.stop();
      expect(await readModels.checkpoints.load('things')).to.equal(positions[0]);
      expect(subscription.status().position).to.equal(String(positions[0]));
    });
  });

  describe('stop', () => {
    it('given an event in flight, when stopped, then stop waits for it, commits its position and takes nothing more', async () => {
      const slow = gate();
      const [position] = await append('thing-a');
      const handler = new RecordingHandler('things', async () => slow.promise);
      const subscription = runner(handler, NO_TIMED_COMMITS);
      await subscription.start();
      await eventually(() => handler.active === 1);

      let stopped = false;
      const stopping = subscription.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stopped).to.equal(false);
      slow.open();
      await stopping;

      expect(subscription.status().state).to.equal('stopped');
      expect(handler.positions()).to.deep.equal([position]);
      expect(await readModels.checkpoints.load('things')).to.equal(position);
      const [late] = await append('thing-late');
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(handler.positions()).to.not.include(late);
    });

    it('given an idle subscription, when stopped, then it resolves promptly and stopping twice is harmless', async () => {
      const subscription = runner(new RecordingHandler());
      await subscription.start();
      const started = Date.now();
      await subscription.stop();
      await subscription.stop();
      expect(Date.now() - started).to.be.lessThan(500);
      expect(subscription.status()).to.include({ state: 'stopped', position: null });
      expect(await readModels.checkpoints.load('things')).to.equal(undefined);
    });

    it('given a runner that was never started, when stopped, then it stays idle', async () => {
      const subscription = runner(new RecordingHandler());
      await subscription.stop();
      expect(subscription.status().state).to.equal('idle');
    });
  });
});
