import { expect } from 'chai';
import { retryAfterMs, retryDelay } from '../../../clients/typescript/retry-policy.ts';

const options = { maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 10_000 };

describe('Reference client: retry policy (seed retry rules)', () => {
  it('rule 1: a 4xx other than 429 is not retried', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(retryDelay(options, status, 1, 1_000), String(status)).to.equal(undefined);
  });

  it('rule 1: a 429 waits Retry-After, doubling on each repeated 429', () => {
    expect([1, 2, 3].map((streak) => retryDelay(options, 429, streak, 1_000))).to.deep.equal([1_000, 2_000, 4_000]);
    expect(retryDelay(options, 429, 1, undefined)).to.equal(100);
    expect(retryDelay(options, 429, 10, 1_000)).to.equal(10_000);
  });

  it('rule 2: a 5xx (or a network failure) backs off exponentially, never sooner than a Retry-After', () => {
    expect([1, 2, 3, 4].map((streak) => retryDelay(options, 500, streak, undefined))).to.deep.equal([100, 200, 400, 800]);
    expect(retryDelay(options, 503, 1, 3_000)).to.equal(3_000);
    expect(retryDelay(options, 'network', 2, undefined)).to.equal(200);
  });

  it('Retry-After: seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).to.equal(3_000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).to.equal(10_000);
    expect(retryAfterMs(null)).to.equal(undefined);
    expect(retryAfterMs('soon')).to.equal(undefined);
  });
});
