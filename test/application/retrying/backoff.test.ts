import { expect } from 'chai';
import { backoffDelay, equalJitter, jitterDown, type Backoff } from '../../../application/retrying/backoff.ts';

const backoff: Backoff = { initialDelayMs: 100, maxDelayMs: 1_000 };

describe('capped exponential back-off', () => {
  it('given a policy, when computing delays, then they double from the initial delay and stop at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(backoff, attempt))).to.deep.equal([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('given a very long run of failures, then the delay stays at the cap, even from a zero initial delay', () => {
    expect(backoffDelay(backoff, 5_000)).to.equal(1_000);
    expect(backoffDelay({ initialDelayMs: 0, maxDelayMs: 1_000 }, 5_000)).to.equal(0);
  });

  it('equal jitter keeps half the delay and draws the other half', () => {
    expect([0, 0.5, 1].map((draw) => equalJitter(1_000, () => draw))).to.deep.equal([500, 750, 1_000]);
  });

  it('jitter down takes at most the given share off the delay', () => {
    expect([0, 0.5, 1].map((draw) => jitterDown(1_000, 0.2, () => draw))).to.deep.equal([1_000, 900, 800]);
    expect(jitterDown(1_000, 0, () => 1)).to.equal(1_000);
  });
});
