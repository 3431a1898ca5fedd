import { expect } from 'chai';
import { DEFAULT_RECONNECT, reconnectDelay } from '../../../application/subscriptions/reconnect-policy.ts';

describe('reconnect policy', () => {
  it('given store faults in a row, then reconnect delays double from the initial one up to the cap, half of each at random', () => {
    const policy = { initialDelayMs: 250, maxDelayMs: 30_000 };
    expect([1, 2, 3, 8, 40].map((failures) => reconnectDelay(policy, failures, () => 0))).to.deep.equal([125, 250, 500, 15_000, 15_000]);
    expect([1, 2, 3, 8, 40].map((failures) => reconnectDelay(policy, failures, () => 1))).to.deep.equal([250, 500, 1_000, 30_000, 30_000]);
    expect(reconnectDelay(DEFAULT_RECONNECT, 1, () => 0.5)).to.equal(Math.round(DEFAULT_RECONNECT.initialDelayMs * 0.75));
  });
});
