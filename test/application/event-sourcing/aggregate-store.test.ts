import { expect } from 'chai';
import { withoutTrail } from '../../../application/audit/event-hash.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { ConcurrencyError, type AppendResult, type EventData, type EventStore, type ExpectedRevision } from '../../../application/ports/event-store.ts';
import type { Decider } from '../../../domain/shared/decider.ts';
import { DomainError, type DomainErrorCode } from '../../../domain/shared/domain-error.ts';
import { openTempStores, type TempStores } from '../../support/fixtures.ts';

type CounterCommand = { type: 'Add'; amount: number } | { type: 'Noop' };
type CounterEvent = { type: 'Added'; data: { amount: number } };
interface CounterState {
  total: number;
  count: number;
}

let decisions = 0;
const counter: Decider<CounterCommand, CounterEvent, CounterState> = {
  initialState: () => ({ total: 0, count: 0 }),
  decide(command, state) {
    decisions += 1;
    if (command.type === 'Noop') return [];
    // This counter stands for any decider, so its code is none of the domain's (DomainErrorCode would refuse it).
    if (state.total + command.amount > 100) throw new DomainError('too_much' as DomainErrorCode, 'the counter stops at 100');
    return [{ type: 'Added', data: { amount: command.amount } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.amount, count: state.count + 1 }),
};

/** Delegates to a real store, records each append, and lets a "concurrent writer" slip in before the next ones. */
class InterferingStore {
  readonly appends: Array<{ streamId: string; expected: ExpectedRevision }> = [];
  interferences = 0;
  failWith: Error | undefined;

  constructor(readonly inner: EventStore) {}

  store(): EventStore {
    return new Proxy(this.inner, {
      get: (target, property, receiver) => {
        if (property !== 'append') {
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> => {
          this.appends.push({ streamId, expected });
          if (this.failWith) throw this.failWith;
          if (this.interferences > 0) {
            this.interferences -= 1;
            await target.append(streamId, [{ type: 'Added', data: { amount: 1 }, metadata: { actor: 'someone-else' } }], 'any');
          }
          return target.append(streamId, events, expected);
        };
      },
    });
  }
}

const context = { tenantId: 't-1', environment: 'test', actor: 'key-1', correlationId: 'corr-1' };

describe('AggregateStore', () => {
  let stores: TempStores;
  let spy: InterferingStore;
  let aggregates: AggregateStore;

  beforeEach(() => {
    stores = openTempStores();
    spy = new InterferingStore(stores.events);
    aggregates = new AggregateStore(spy.store());
    decisions = 0;
  });

  afterEach(() => stores.dispose());

  it('given no stream, when loaded, then the initial state and no_stream', async () => {
    const loaded = await aggregates.load('counter-1', counter);
    expect(loaded).to.deep.equal({ state: { total: 0, count: 0 }, expected: 'no_stream', events: [] });
  });

  it('given no stream, when a command is handled, then its events are appended with no_stream and the metadata of the context', async () => {
    const handled = await aggregates.handle('counter-1', counter, { type: 'Add', amount: 5 }, context);
    expect(handled.state).to.deep.equal({ total: 5, count: 1 });
    expect(handled.events).to.deep.equal([{ type: 'Added', data: { amount: 5 } }]);
    expect(spy.appends).to.deep.equal([{ streamId: 'counter-1', expected: 'no_stream' }]);
    const [stored] = await stores.events.readStream('counter-1');
    expect(handled.position).to.equal(stored.position);
    expect(withoutTrail(stored.metadata)).to.deep.equal({
      $correlationId: 'corr-1',
      $causationId: 'corr-1',
      tenantId: 't-1',
      environment: 'test',
      actor: 'key-1',
      schemaVersion: 1,
    });
  });

  it('given a causation id, when handled, then it is kept apart from the correlation id', async () => {
    await aggregates.handle('counter-1', counter, { type: 'Add', amount: 1 }, { ...context, causationId: 'event-9' });
    const [stored] = await stores.events.readStream('counter-1');
    expect(stored.metadata).to.include({ $correlationId: 'corr-1', $causationId: 'event-9' });
  });

  it('given two events in the stream, when a command is handled, then it appends expecting revision 1 and folds the history', async () => {
    await aggregates.handle('counter-1', counter, { type: 'Add', amount: 5 }, context);
    await aggregates.handle('counter-1', counter, { type: 'Add', amount: 7 }, context);
    const handled = await aggregates.handle('counter-1', counter, { type: 'Add', amount: 1 }, context);
    expect(spy.appends.map((a) => a.expected)).to.deep.equal(['no_stream', 0n, 1n]);
    expect(handled.state).to.deep.equal({ total: 13, count: 3 });
    const loaded = await aggregates.load('counter-1', counter);
    expect(loaded.expected).to.equal(2n);
    expect(loaded.state).to.deep.equal({ total: 13, count: 3 });
  });

  it('given a command that decides nothing, when handled, then nothing is appended and the position is null', async () => {
    await aggregates.handle('counter-1', counter, { type: 'Add', amount: 5 }, context);
    const handled = await aggregates.handle('counter-1', counter, { type: 'Noop' }, context);
    expect(handled).to.deep.equal({ state: { total: 5, count: 1 }, events: [], position: null, expected: 0n });
    expect(spy.appends).to.have.length(1);
  });

  it('given a command built from the state, when handled, then it sees the folded state', async () => {
    await aggregates.handle('counter-1', counter, { type: 'Add', amount: 5 }, context);
    const handled = await aggregates.handle('counter-1', counter, (state) => ({ type: 'Add', amount: state.total * 2 }) as const, context);
    expect(handled.state.total).to.equal(15);
    // The stream's revision after this append: what a caller keeping the state passes on as `loaded`.
    expect(handled.expected).to.equal(1n);
  });

  it('given a concurrent writer, when the append conflicts, then it re-reads, decides again on the new state and appends', async () => {
    await aggregates.handle('counter-1', counter, { type: 'Add', amount: 5 }, context);
    spy.interferences = 1;
    decisions = 0;
    const seen: number[] = [];
    const handled = await aggregates.handle('counter-1', counter, (state) => {
      seen.push(state.total);
      return { type: 'Add', amount: 10 } as const;
    }, context);
    expect(seen).to.deep.equal([5, 6]);
    expect(decisions).to.equal(2);
    expect(handled.state).to.deep.equal({ total: 16, count: 3 });
    expect(spy.appends.slice(1).map((a) => a.expected)).to.deep.equal([0n, 1n]);
    expect((await stores.events.readStream('counter-1')).map((e) => e.data.amount)).to.deep.equal([5, 1, 10]);
  });

  it('given events the caller already decided on the loaded state, then they are appended without deciding again; a conflict decides afresh', async () => {
    await aggregates.handle('counter-1', counter, { type: 'Add', amount: 5 }, context);
    const loaded = await aggregates.load('counter-1', counter);
    decisions = 0;
    const decided = counter.decide({ type: 'Add', amount: 2 }, loaded.state);
    expect(decisions).to.equal(1);
    await aggregates.handle('counter-1', counter, { type: 'Add', amount: 2 }, context, loaded, decided);
    expect(decisions).to.equal(1);

    spy.interferences = 1;
    const again = await aggregates.load('counter-1', counter);
    await aggregates.handle('counter-1', counter, { type: 'Add', amount: 3 }, context, again, [{ type: 'Added', data: { amount: 3 } }]);
    expect(decisions).to.equal(2);
    expect((await stores.events.readStream('counter-1')).map((e) => e.data.amount)).to.deep.equal([5, 2, 1, 3]);
  });

  it('given a writer that always wins, when handled, then it gives up after 5 attempts with the ConcurrencyError', async () => {
    spy.interferences = 100;
    const error = await aggregates.handle('counter-1', counter, { type: 'Add', amount: 1 }, context).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ConcurrencyError);
    expect(spy.appends).to.have.length(5);
    expect((error as ConcurrencyError).streamId).to.equal('counter-1');
  });

  it('given a decider that refuses, when handled, then the DomainError surfaces and nothing is appended', async () => {
    const error = await aggregates.handle('counter-1', counter, { type: 'Add', amount: 101 }, context).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal('too_much');
    expect(spy.appends).to.have.length(0);
  });

  it('given a store failure other than a conflict, when handled, then it is not retried', async () => {
    spy.failWith = new Error('disk full');
    const error = await aggregates.handle('counter-1', counter, { type: 'Add', amount: 1 }, context).then(() => null, (e: Error) => e);
    expect(error?.message).to.equal('disk full');
    expect(spy.appends).to.have.length(1);
  });
});
