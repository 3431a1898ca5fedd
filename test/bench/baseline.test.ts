import { expect } from 'chai';
import { highestBaseline } from '../../bench/baseline.ts';
import type { HttpLoadResult } from '../../bench/http-load.ts';

const run = (requestsPerSecond: number, p50Ms = 1) => ({ requestsPerSecond, p50Ms }) as HttpLoadResult;

describe('bench baseline over several runs', () => {
  it('takes the highest run, and lists every run measured in order', () => {
    const baseline = highestBaseline([run(7_154, 1), run(5_801, 2), run(7_509, 3)]);
    expect(baseline).to.not.be.instanceOf(Error);
    expect(baseline).to.include({ requestsPerSecond: 7_509, p50Ms: 3 });
    expect((baseline as { runs: number[] }).runs).to.deep.equal([7_154, 5_801, 7_509]);
  });

  it('leaves a failed run out', () => {
    const baseline = highestBaseline([new Error('port taken'), run(6_000)]);
    expect(baseline).to.deep.include({ requestsPerSecond: 6_000, runs: [6_000] });
  });

  it('is the first error when no run measured anything', () => {
    const first = new Error('first');
    expect(highestBaseline([first, new Error('second')])).to.equal(first);
  });
});
