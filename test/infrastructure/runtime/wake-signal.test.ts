import { expect } from 'chai';
import { wakeSignal } from '../../../infrastructure/runtime/wake-signal.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A wake signal and how many times it has posted so far. */
function counted() {
  let posts = 0;
  return { wake: wakeSignal(() => (posts += 1)), posts: () => posts };
}

describe('wakeSignal (the API thread telling the workers thread of its appends)', () => {
  it('given one wake in a turn, then it is posted at once and not again', async () => {
    const { wake, posts } = counted();
    wake();
    expect(posts(), 'posted before the turn ends').to.equal(1);
    await nextTurn();
    await nextTurn();
    expect(posts()).to.equal(1);
  });

  it('given three wakes in a turn, then the first is posted at once and the other two once, on the next turn', async () => {
    const { wake, posts } = counted();
    wake();
    wake();
    wake();
    expect(posts()).to.equal(1);
    await nextTurn();
    expect(posts()).to.equal(2);
    await nextTurn();
    expect(posts()).to.equal(2);
  });

  it('given wakes in later turns, then each turn posts its first wake at once', async () => {
    const { wake, posts } = counted();
    wake();
    await nextTurn();
    wake();
    expect(posts()).to.equal(2);
    await nextTurn();
    wake();
    expect(posts()).to.equal(3);
  });
});
