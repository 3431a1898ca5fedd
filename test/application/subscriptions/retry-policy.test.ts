import { expect } from 'chai';
import { backoffDelay, DEFAULT_RETRY, withRetry, type RetryPolicy } from '../../../application/subscriptions/retry-policy.ts';

const policy: RetryPolicy = { maxAttempts: 6, initialDelayMs: 100, maxDelayMs: 1_000 };

describe('retry policy', () => {
  it('given a policy, when computing delays, then they double from the initial delay and stop at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(policy, attempt))).to.deep.equal([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('the default policy retries a bounded number of times with a capped delay', () => {
    expect(DEFAULT_RETRY.maxAttempts).to.be.within(2, 20);
    expect(backoffDelay(DEFAULT_RETRY, 50)).to.equal(DEFAULT_RETRY.maxDelayMs);
  });

  it('given an action that fails twice, when retried, then it answers the third result after sleeping 100 then 200 ms', async () => {
    const slept: number[] = [];
    const retries: Array<[string, number, number]> = [];
    let calls = 0;
    const result = await withRetry(
      policy,
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`boom ${calls}`);
        return 'ok';
      },
      (error, attempt, delay) => retries.push([(error as Error).message, attempt, delay]),
      async (ms) => void slept.push(ms),
    );
    expect(result).to.equal('ok');
    expect(calls).to.equal(3);
    expect(slept).to.deep.equal([100, 200]);
    expect(retries).to.deep.equal([
      ['boom 1', 1, 100],
      ['boom 2', 2, 200],
    ]);
  });

  it('given an action that always fails, when retried, then it gives up after maxAttempts with the last error', async () => {
    const slept: number[] = [];
    let calls = 0;
    const failing = withRetry(
      policy,
      async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      () => undefined,
      async (ms) => void slept.push(ms),
    );
    const error = await failing.then(() => null, (e: Error) => e);
    expect(error?.message).to.equal('boom 6');
    expect(calls).to.equal(6);
    expect(slept).to.deep.equal([100, 200, 400, 800, 1_000]);
  });

  it('given maxAttempts 1, when the action fails, then it is not retried', async () => {
    let calls = 0;
    const error = await withRetry({ ...policy, maxAttempts: 1 }, async () => {
      calls += 1;
      throw new Error('once');
    }, () => expect.fail('no retry expected')).then(() => null, (e: Error) => e);
    expect(error?.message).to.equal('once');
    expect(calls).to.equal(1);
  });
});
