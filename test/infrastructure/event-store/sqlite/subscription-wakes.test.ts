import { expect } from 'chai';
import { SubscriptionWakes } from '../../../../infrastructure/event-store/sqlite/subscription-wakes.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('SubscriptionWakes', () => {
  function observed(wakes: SubscriptionWakes) {
    const seen: bigint[] = [];
    let completed = false;
    wakes.signal.subscribe({ next: (position) => seen.push(position), complete: () => (completed = true) });
    return { seen, completed: () => completed };
  }

  it('given commits of this instance, then one wake on the next turn carries the newest position, none before', async () => {
    const wakes = new SubscriptionWakes();
    const { seen } = observed(wakes);
    wakes.afterCommit(3n);
    wakes.afterCommit(7n);
    for (let hop = 0; hop < 20; hop += 1) await Promise.resolve();
    expect(seen).to.deep.equal([]);
    await nextTurn();
    expect(seen).to.deep.equal([7n]);
    wakes.afterCommit(9n);
    await nextTurn();
    expect(seen).to.deep.equal([7n, 9n]);
  });

  it('given a commit while nothing listens, then nothing is queued for the next turn', async () => {
    const wakes = new SubscriptionWakes();
    wakes.afterCommit(4n);
    const { seen } = observed(wakes);
    await nextTurn();
    expect(seen).to.deep.equal([]);
  });

  it('given an append made elsewhere, then the wake is at once', () => {
    const wakes = new SubscriptionWakes();
    const { seen } = observed(wakes);
    wakes.now(0n);
    expect(seen).to.deep.equal([0n]);
  });

  it('given the store closes with a wake queued, then the subscriptions see the end and no wake after it', async () => {
    const wakes = new SubscriptionWakes();
    const { seen, completed } = observed(wakes);
    wakes.afterCommit(5n);
    wakes.close();
    await nextTurn();
    expect(completed()).to.equal(true);
    expect(seen).to.deep.equal([]);
  });
});
