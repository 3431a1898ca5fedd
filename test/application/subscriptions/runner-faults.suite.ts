import { expect } from 'chai';
import { HealthCheck } from '../../../application/health/health-check.ts';
import { healthOfRunners } from '../../../application/health/subscription-health.ts';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '../../../application/ports/event-store.ts';
import type { ReadModelCollection, ReadModelStore } from '../../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../../application/subscriptions/event-handler.ts';
import { SubscriptionRunner, type RunnerOptions } from '../../../application/subscriptions/subscription-runner.ts';
import { FaultyEventStore } from '../../support/faults/faulty-event-store.ts';
import { FaultyReadModelStore } from '../../support/faults/faulty-read-model-store.ts';
import { eventually, silentLogger } from '../../support/fixtures.ts';

export interface FaultStores {
  events: EventStore;
  readModels: ReadModelStore;
  /** Event types unique to this run (a shared server may hold others). */
  prefix: string;
  dispose(): Promise<void>;
}

export interface FaultDurations {
  unreachableAtStartMs: number;
  checkpointOutageMs: number;
  appendOutageMs: number;
}

/** The durations the production-path issue names. */
export const ISSUE_DURATIONS: FaultDurations = { unreachableAtStartMs: 30_000, checkpointOutageMs: 10_000, appendOutageMs: 5_000 };

const RECONNECT = { initialDelayMs: 20, maxDelayMs: 500 };

interface Tally {
  row: number;
}

/** A projection that counts how often it handled each event, and writes a row per event into the read models. */
class CountingProjection implements EventHandler {
  readonly kind = 'projection' as const;
  readonly handled = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly filter: EventHandler['filter'],
    private readonly rows: ReadModelCollection<Tally>,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    await this.rows.upsert({ tenantId: 't', environment: 'e', id: `${event.streamId}:${event.revision}` }, event.revision, { row: 1 });
    this.handled.set(event.id, (this.handled.get(event.id) ?? 0) + 1);
  }
}

/** A process manager whose effect is one event per source event, appended with no_stream: a repeat cannot double it. */
class EchoProcessManager implements EventHandler {
  readonly kind = 'process-manager' as const;
  readonly name = 'echo';
  effects = 0;

  constructor(
    readonly filter: EventHandler['filter'],
    private readonly events: EventStore,
    private readonly prefix: string,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    try {
      await this.events.append(`echo-${event.id}`, [{ type: `${this.prefix}Echo`, data: { of: event.id }, metadata: {} }], 'no_stream');
      this.effects += 1;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }
}

/**
 * Store faults injected with decorators over any pair of stores: every runner recovers by itself, no event is skipped
 * or handled twice by a projection, and readiness tells the truth meanwhile.
 */
export function runnerFaultsSuite(name: string, open: () => Promise<FaultStores>, durations: FaultDurations = ISSUE_DURATIONS): void {
  describe(`Subscription runners under store faults: ${name}`, function () {
    this.timeout(durations.unreachableAtStartMs + 60_000);
    let stores: FaultStores;
    let events: FaultyEventStore;
    let readModels: FaultyReadModelStore;
    const runners: SubscriptionRunner[] = [];

    beforeEach(async () => {
      stores = await open();
      events = new FaultyEventStore(stores.events);
      readModels = new FaultyReadModelStore(stores.readModels);
    });

    afterEach(async () => {
      events.unreachable.off();
      events.subscriptionFailures.off();
      readModels.unreachable.off();
      for (const runner of runners.splice(0)) await runner.stop();
      await stores.dispose();
    });

    const thing = () => `${stores.prefix}Thing`;
    const projection = (label = 'tally') =>
      new CountingProjection(`${label}_${stores.prefix}`, { eventTypes: [thing()] }, readModels.collection<Tally>({ name: `faults_${label}`, indexes: [] }));
    const runner = (handler: EventHandler, options: RunnerOptions = {}) => {
      const created = new SubscriptionRunner(events, readModels.checkpoints, handler, silentLogger, { reconnect: RECONNECT, checkpointIntervalMs: 50, ...options });
      runners.push(created);
      return created;
    };
    /** Appends `count` events over a few streams; answers their ids. */
    const appendThings = async (count: number): Promise<string[]> => {
      const ids: string[] = [];
      for (let n = 0; n < count; n += 1) {
        const result = await stores.events.append(`thing-${stores.prefix}${n % 7}`, [{ type: thing(), data: { n }, metadata: {} }], 'any');
        const [recorded] = (await stores.events.readStream(`thing-${stores.prefix}${n % 7}`)).slice(-1);
        expect(recorded.position).to.equal(result.position);
        ids.push(recorded.id);
      }
      return ids;
    };
    const exactlyOnce = (handler: CountingProjection, ids: string[]) => {
      expect([...handler.handled.keys()].sort()).to.deep.equal([...ids].sort());
      expect([...handler.handled.values()].every((times) => times === 1), 'no event handled twice').to.equal(true);
    };
    const health = (graceMs = 60_000) => new HealthCheck(events, readModels, () => healthOfRunners(events, runners), graceMs);

    it('given the subscription is dropped mid-stream, then it resubscribes by itself and handles every event exactly once', async () => {
      const ids = await appendThings(120);
      const handler = projection();
      const slow = { ...handler, handle: async (event: RecordedEvent) => handler.handle(event).then(() => new Promise((resolve) => setTimeout(resolve, 2))) };
      const subject = runner(slow as EventHandler, { concurrency: 4 });
      await subject.start();
      await eventually(() => handler.handled.size >= 30, 10_000);
      events.dropSubscriptions();
      await eventually(() => handler.handled.size === ids.length, 20_000);
      exactlyOnce(handler, ids);
      expect(events.subscriptions.length).to.be.at.least(2);
      await eventually(() => subject.status().state === 'running', 5_000);
    });

    it('given the subscription ends without an error, then it shows reconnecting (not running) until it is back, and resumes', async () => {
      const before = await appendThings(20);
      const handler = projection();
      const subject = runner(handler);
      await subject.start();
      await eventually(() => handler.handled.size === before.length, 10_000);
      events.unreachable.for(1_000);
      events.endSubscriptions();
      await eventually(() => subject.status().state === 'reconnecting', 2_000);
      const during = await health().readiness();
      expect(during.subscriptions[0]).to.include({ state: 'reconnecting' });
      expect(during.subscriptions[0].error).to.match(/ended without an error|unavailable/);
      const after = await appendThings(10);
      await eventually(() => handler.handled.size === before.length + after.length, 15_000);
      exactlyOnce(handler, [...before, ...after]);
      await eventually(() => subject.status().state === 'running', 5_000);
    });

    it(`given both stores unreachable for ${durations.unreachableAtStartMs / 1000} s at start-up, then start does not throw, health says why, and once they answer every event is handled once`, async () => {
      const ids = await appendThings(25);
      events.unreachable.for(durations.unreachableAtStartMs);
      readModels.unreachable.for(durations.unreachableAtStartMs);
      const handler = projection();
      const subject = runner(handler);
      await subject.start();
      expect(subject.status().state).to.equal('reconnecting');
      const down = await health().readiness();
      expect(down.ready).to.equal(false);
      expect(down.stores.eventStore).to.match(/^unreachable: /);
      expect(down.subscriptions[0]).to.include({ state: 'reconnecting', lag: '' });
      expect(down.subscriptions[0].faultSince).to.be.a('string');
      await eventually(() => handler.handled.size === ids.length, durations.unreachableAtStartMs + 20_000);
      exactlyOnce(handler, ids);
      await eventually(() => subject.status().state === 'running', 5_000);
      const up = await health().readiness();
      expect(up.ready).to.equal(true);
    });

    it(`given checkpoint writes failing for ${durations.checkpointOutageMs / 1000} s, then events keep being handled, health shows the fault, and the checkpoint catches up`, async () => {
      const handler = projection();
      const subject = runner(handler);
      await subject.start();
      readModels.checkpointWrites.for(durations.checkpointOutageMs);
      const ids = await appendThings(30);
      await eventually(() => handler.handled.size === ids.length, 10_000);
      await eventually(() => subject.status().state === 'reconnecting', 5_000);
      expect(subject.status().error).to.match(/checkpoint write timed out/);
      expect((await health().readiness()).ready, 'within the grace period').to.equal(true);
      const last = (await stores.events.readAll({ maxCount: 1000, filter: { eventTypes: [thing()] } })).at(-1)!.position;
      await eventually(async () => ((await stores.readModels.checkpoints.load(handler.name)) ?? 0n) >= last, durations.checkpointOutageMs + 15_000);
      await eventually(() => subject.status().state === 'running', 5_000);

      // A restart resumes from that checkpoint: nothing is handled again.
      await subject.stop();
      const again = projection();
      const restarted = runner(again);
      await restarted.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(again.handled.size).to.equal(0);
    });

    it('given appends timing out for a while, first before the write and then after it landed, then the process manager retries until they pass and each effect happens once', async () => {
      const ids = await appendThings(30);
      const last = (await stores.events.readAll({ maxCount: 1000, filter: { eventTypes: [thing()] } })).at(-1)!.position;
      const echo = new EchoProcessManager({ eventTypes: [thing()] }, events, stores.prefix);
      const subject = runner(echo, { concurrency: 4 });
      const half = durations.appendOutageMs / 2;
      events.appendTimeouts.for(half);
      const later = setTimeout(() => events.appendTimeoutsAfterWrite.for(half), half);
      try {
        await subject.start();
        await eventually(() => subject.status().state === 'reconnecting', 2_000);
        await eventually(() => BigInt(subject.status().position ?? '0') >= last && subject.status().state === 'running', durations.appendOutageMs + 20_000);
      } finally {
        clearTimeout(later);
      }
      expect(events.appendTimeouts.fired, 'appends refused before writing').to.be.greaterThan(0);
      expect(events.appendTimeoutsAfterWrite.fired + echo.effects, 'every source event written once').to.be.at.least(ids.length);
      const echoes = await stores.events.readAll({ maxCount: 1000, filter: { eventTypes: [`${stores.prefix}Echo`] } });
      expect(echoes.map((e) => e.data.of).sort()).to.deep.equal([...ids].sort());
    });

    it('given a runner that stays reconnecting, then the instance is ready within the grace period and not ready after it', async () => {
      const handler = projection();
      const subject = runner(handler);
      await subject.start();
      await appendThings(3);
      await eventually(() => handler.handled.size === 3, 10_000);
      events.subscriptionFailures.on();
      events.dropSubscriptions();
      try {
        await eventually(() => subject.status().state === 'reconnecting', 2_000);
        expect((await health(800).readiness()).ready).to.equal(true);
        await new Promise((resolve) => setTimeout(resolve, 900));
        const late = await health(800).readiness();
        expect(late.stores).to.deep.equal({ eventStore: 'ok', readModels: 'ok' });
        expect(late.ready).to.equal(false);
      } finally {
        events.subscriptionFailures.off();
      }
      await eventually(() => subject.status().state === 'running', 5_000);
    });
  });
}
