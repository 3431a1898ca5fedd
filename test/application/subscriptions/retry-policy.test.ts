import { expect } from 'chai';
import { backoffDelay, DEFAULT_RECONNECT, DEFAULT_RETRY, reconnectDelay, type RetryPolicy } from '../../../application/subscriptions/retry-policy.ts';

const policy: RetryPolicy = { maxAttempts: 6, initialDelayMs: 100, maxDelayMs: 1_000 };

describe('retry policy', () => {
  it('given a policy, when computing delays, then they double from the initial delay and stop at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(policy, attempt))).to.deep.equal([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('the default policy retries a bounded number of times with a capped delay', () => {
    expect(DEFAULT_RETRY.maxAttempts).to.be.within(2, 20);
    expect(backoffDelay(DEFAULT_RETRY, 50)).to.equal(DEFAULT_RETRY.maxDelayMs);
  });

  it('given store faults in a row, then reconnect delays double from the initial one up to the cap, half of each at random', () => {
    const policy = { initialDelayMs: 250, maxDelayMs: 30_000 };
    expect([1, 2, 3, 8, 40].map((failures) => reconnectDelay(policy, failures, () => 0))).to.deep.equal([125, 250, 500, 15_000, 15_000]);
    expect([1, 2, 3, 8, 40].map((failures) => reconnectDelay(policy, failures, () => 1))).to.deep.equal([250, 500, 1_000, 30_000, 30_000]);
    expect(reconnectDelay(DEFAULT_RECONNECT, 1, () => 0.5)).to.equal(Math.round(DEFAULT_RECONNECT.initialDelayMs * 0.75));
  });
});
