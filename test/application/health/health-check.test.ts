import { healthOfRunners } from '../../../application/health/subscription-health.ts';
import { expect } from 'chai';
import { HealthCheck } from '../../../application/health/health-check.ts';
import type { RecordedEvent } from '../../../application/ports/event-store.ts';
import type { EventHandler } from '../../../application/subscriptions/event-handler.ts';
import { SubscriptionRunner } from '../../../application/subscriptions/subscription-runner.ts';
import { eventually, gate, openTempStores, silentLogger, type TempStores } from '../../support/fixtures.ts';

function handler(name: string, kind: EventHandler['kind'], handle: (event: RecordedEvent) => Promise<void>): EventHandler {
  return { name, kind, filter: { eventTypes: ['Thing'] }, handle };
}

describe('HealthCheck', () => {
  let stores: TempStores;
  let runners: SubscriptionRunner[];

  beforeEach(() => {
    stores = openTempStores();
    runners = [];
  });

  afterEach(async () => {
    for (const runner of runners) await runner.stop();
    await stores.dispose();
  });

  const append = async (type = 'Thing') => (await stores.events.append(`s-${Math.random()}`, [{ type, data: {}, metadata: {} }], 'any')).position;
  const runner = (h: EventHandler) => {
    const created = new SubscriptionRunner(stores.events, stores.readModels.checkpoints, h, silentLogger, { retry: { maxAttempts: 2, initialDelayMs: 1, maxDelayMs: 1 } });
    runners.push(created);
    return created;
  };
  const health = () => new HealthCheck(stores.events, stores.readModels, () => healthOfRunners(stores.events, runners));

  it('given caught-up runners, then ready with every runner, its position, head, zero lag and state running', async () => {
    await append('Other');
    const last = await append();
    runner(handler('documents', 'projection', async () => undefined));
    runner(handler('submission', 'process-manager', async () => undefined));
    for (const r of runners) await r.start();
    for (const r of runners) await r.waitFor(last);
    const readiness = await health().readiness();
    expect(readiness.ready).to.equal(true);
    expect(readiness.stores).to.deep.equal({ eventStore: 'ok', readModels: 'ok' });
    const core = readiness.subscriptions.map(({ name, kind, state, position, head, lag, error }) => ({ name, kind, state, position, head, lag, error }));
    expect(core).to.deep.equal([
      { name: 'documents', kind: 'projection', state: 'running', position: String(last), head: String(last), lag: '0', error: null },
      { name: 'submission', kind: 'process-manager', state: 'running', position: String(last), head: String(last), lag: '0', error: null },
    ]);
    for (const subscription of readiness.subscriptions) expect(Date.parse(subscription.lastMessageAt!)).to.be.a('number').and.not.NaN;
  });

  it('given a runner behind the head, then it is catching_up with its lag, and still ready', async () => {
    const blocked = gate();
    const first = await append();
    const second = await append();
    runner(handler('slow', 'projection', async () => blocked.promise));
    await runners[0].start();
    const readiness = await health().readiness();
    blocked.open();
    expect(readiness.ready).to.equal(true);
    expect(readiness.subscriptions[0]).to.include({ name: 'slow', state: 'catching_up', position: null, head: String(second), lag: String(second) });
    expect(first < second).to.equal(true);
  });

  it('given a runner that failed, then not ready and the error (with the failing position) is reported', async () => {
    const ok = await append();
    const bad = await append();
    runner(handler('healthy', 'projection', async () => undefined));
    runner(handler('broken', 'process-manager', async (event) => {
      if (event.position === bad) throw new Error('cannot handle');
    }));
    for (const r of runners) await r.start();
    await eventually(() => runners[1].status().state === 'failed');
    await runners[0].waitFor(bad);
    const readiness = await health().readiness();
    expect(readiness.ready).to.equal(false);
    const [healthy, broken] = readiness.subscriptions;
    expect(healthy).to.include({ state: 'running', lag: '0' });
    expect(broken).to.include({ name: 'broken', state: 'failed', position: String(ok), head: String(bad), lag: String(bad - ok) });
    expect(broken.error).to.contain('cannot handle').and.to.contain(`position ${bad}`);
  });

  it('given a stopped runner, then not ready', async () => {
    runner(handler('stopped', 'projection', async () => undefined));
    await runners[0].start();
    await runners[0].stop();
    const readiness = await health().readiness();
    expect(readiness.ready).to.equal(false);
    expect(readiness.subscriptions[0].state).to.equal('stopped');
  });

  it('given the read-model store is unreachable, then not ready and the store says why', async () => {
    await stores.readModels.close();
    const readiness = await health().readiness();
    expect(readiness.ready).to.equal(false);
    expect(readiness.stores.eventStore).to.equal('ok');
    expect(readiness.stores.readModels).to.match(/^unreachable: /);
  });
});

describe('HealthCheck with a store that hangs', () => {
  it('given a read-model store whose ping never answers, then readiness still answers: not ready, saying the store gave no answer', async () => {
    const stores = openTempStores();
    try {
      const hanging = Object.assign(Object.create(stores.readModels), { ping: () => new Promise<void>(() => undefined) });
      const readiness = await new HealthCheck(stores.events, hanging, async () => []).readiness();
      expect(readiness.ready).to.equal(false);
      expect(readiness.stores.readModels).to.match(/^unreachable: no answer within/);
    } finally {
      await stores.dispose();
    }
  });
});
