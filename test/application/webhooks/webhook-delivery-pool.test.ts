import { expect } from 'chai';
import { eventually, FixedClock, gate, openTempStores, type TempStores } from '../../support/fixtures.ts';
import { answered } from '../../support/webhooks/fake-webhook-transport.ts';
import { TENANT, webhookStack, type WebhookStack } from './webhook-delivery-fixtures.ts';

const SLOW = 'https://slow.example.com/hook';
const FAST = 'https://fast.example.com/hook';

/** "A slow endpoint cannot hold more than its own queue": in-flight attempts are capped per endpoint and overall. */
describe('webhook delivery pool', () => {
  let stores: TempStores;
  let clock: FixedClock;
  let stack: WebhookStack;
  const hung = gate();

  beforeEach(async () => {
    stores = openTempStores();
    clock = new FixedClock('2026-03-01T12:00:00.000Z');
    stack = webhookStack(stores, clock, { poolLimits: { perEndpoint: 3, overall: 5 } });
    stack.directory.add({ id: 'whe_slow', tenantId: TENANT, url: SLOW });
    stack.directory.add({ id: 'whe_fast', tenantId: TENANT, url: FAST });
    await stack.start();
  });
  afterEach(async () => {
    hung.open();
    await stack.stop();
    await stores.dispose();
  });

  it('given one endpoint that hangs, then it holds at most its share of attempts while the other keeps receiving everything, retries included', async () => {
    const fastFailedOnce = new Set<string>();
    stack.transport.answer = async (request) => {
      if (request.url === SLOW) {
        await hung.promise;
        return answered(200);
      }
      const subject = request.payload.data.object.id;
      if (!fastFailedOnce.has(subject)) {
        fastFailedOnce.add(subject);
        return answered(503);
      }
      return answered(200);
    };
    for (let n = 1; n <= 10; n += 1) await stack.record(`doc-${n}`, 'created');
    const dispatcher = stack.module.runners.find((runner) => runner.handler.name === 'webhook-dispatch')!;
    await dispatcher.waitFor(await stores.events.headPosition());
    await eventually(() => stack.transport.to(FAST).length === 10);
    expect(stack.module.pool.inFlightOf('whe_slow')).to.equal(3);

    // The fast endpoint's retries come from the scheduler's polls, past the slow endpoint's older due queues.
    clock.advance(5_000);
    await eventually(async () => {
      for (const runner of stack.module.runners) await runner.waitFor(await stores.events.headPosition());
      await stack.module.scheduler.tick();
      return stack.transport.to(FAST).length === 20;
    });
    await eventually(async () => {
      for (const runner of stack.module.runners) await runner.waitFor(await stores.events.headPosition());
      const log = await stack.log('whe_fast');
      return log.length === 10 && log.every((row) => row.status === 'succeeded');
    });
    expect(stack.transport.to(SLOW)).to.have.length(3);
    expect(stack.transport.mostInFlight.get(SLOW)).to.equal(3);
    expect(stack.module.pool.inFlight, 'the overall cap').to.be.at.most(5);

    hung.open();
    await stack.settle();
    // Each poll starts at most the endpoint's share.
    for (let poll = 0; poll < 5 && stack.transport.to(SLOW).length < 10; poll += 1) await stack.tick();
    expect(stack.transport.to(SLOW).map((request) => request.payload.data.object.id).sort()).to.deep.equal(Array.from({ length: 10 }, (_, i) => `doc-${i + 1}`).sort());
    expect(stack.transport.mostInFlight.get(SLOW)).to.equal(3);
  });

  it('given the scheduler running and more due queues than an endpoint may hold, then each freed slot takes the next at once, not at the next poll', async () => {
    await stack.stop();
    stack = webhookStack(stores, clock, { poolLimits: { perEndpoint: 2, overall: 4 } });
    stack.directory.add({ id: 'whe_fast', tenantId: TENANT, url: FAST });
    stack.transport.answer = () => answered(503);
    await stack.start();
    for (let n = 1; n <= 10; n += 1) await stack.record(`doc-${n}`, 'created');
    // Queues offered while the endpoint's two slots were taken wait for a poll (the scheduler is not running yet).
    for (let poll = 0; poll < 10 && stack.transport.to(FAST).length < 10; poll += 1) await stack.tick();
    expect(stack.transport.to(FAST)).to.have.length(10);
    stack.transport.answer = () => answered(200);
    clock.advance(5_000);
    await stack.module.scheduler.start();
    await stack.tick();
    expect(stack.transport.to(FAST), 'one poll, then follow-ups as slots free').to.have.length(20);
    expect(stack.transport.mostInFlight.get(FAST)).to.be.at.most(2);
  });
});
