import { expect } from 'chai';
import { DEFAULT_HANDLER_RETRY } from '../../../application/subscriptions/handler-retries.ts';
import { backoffDelay } from '../../../application/retrying/backoff.ts';

describe('handler retry policy', () => {
  it('the default policy retries a bounded number of times with a capped delay', () => {
    expect(DEFAULT_HANDLER_RETRY.maxAttempts).to.be.within(2, 20);
    expect(backoffDelay(DEFAULT_HANDLER_RETRY, 50)).to.equal(DEFAULT_HANDLER_RETRY.maxDelayMs);
  });
});
