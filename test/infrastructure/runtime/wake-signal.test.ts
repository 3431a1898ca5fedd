import { expect } from 'chai';
import { wakeSignal } from '../../../infrastructure/runtime/wake-signal.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('wakeSignal (the API thread telling the workers thread of its appends)', () => {
  it('given one wake in a turn, then it is posted at once and not again', async () => {
    let posts = 0;
    const wake = wakeSignal(() => (posts += 1));
    wake();
    expect(posts, 'posted before the turn ends').to.equal(1);
    await nextTurn();
    await nextTurn();
    expect(posts).to.equal(1);
  });

  it('given three wakes in a turn, then the first is posted at once and the other two once, on the next turn', async () => {
    let posts = 0;
    const wake = wakeSignal(() => (posts += 1));
    wake();
    wake();
    wake();
    expect(posts).to.equal(1);
    await nextTurn();
    expect(posts).to.equal(2);
    await nextTurn();
    expect(posts).to.equal(2);
  });

  it('given wakes in later turns, then each turn posts its first wake at once', async () => {
    let posts = 0;
    const wake = wakeSignal(() => (posts += 1));
    wake();
    await nextTurn();
    wake();
    expect(posts).to.equal(2);
    await nextTurn();
    wake();
    expect(posts).to.equal(3);
  });
});
