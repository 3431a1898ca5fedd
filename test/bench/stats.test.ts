import { expect } from 'chai';
import { allOf, atLeast, atMost, maxOf, percentile, ratioTo } from '../../bench/stats.ts';

describe('bench stats', () => {
  it('takes nearest-rank percentiles of unsorted values', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).to.equal(5);
    expect(percentile(values, 99)).to.equal(10);
    expect(percentile(values, 10)).to.equal(1);
    expect(percentile([42], 99)).to.equal(42);
    expect(percentile([], 50)).to.be.NaN;
  });

  it('finds the largest of many figures (200,000: more than a spread into Math.max takes), and 0 of none', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 200_000);
    expect(maxOf(many)).to.equal(199_999);
    expect(maxOf([])).to.equal(0);
    expect(maxOf([3, 12.5, 7])).to.equal(12.5);
  });

  it('divides by the baseline, and gives no ratio without a positive baseline', () => {
    expect(ratioTo(300, 1000)).to.equal(0.3);
    expect(ratioTo(300, 0)).to.equal(undefined);
    expect(ratioTo(undefined, 1000)).to.equal(undefined);
    expect(ratioTo(300, undefined)).to.equal(undefined);
  });

  it('passes a figure at the target and fails one beyond it, in either direction', () => {
    expect(atLeast(0.3, 0.3)).to.equal('PASS');
    expect(atLeast(0.299, 0.3)).to.equal('FAIL');
    expect(atLeast(undefined, 0.3)).to.equal('—');
    expect(atMost(50, 50)).to.equal('PASS');
    expect(atMost(50.1, 50)).to.equal('FAIL');
    expect(atMost(Number.NaN, 50)).to.equal('—');
  });

  it('fails a set of verdicts when one fails', () => {
    expect(allOf(['PASS', 'PASS'])).to.equal('PASS');
    expect(allOf(['PASS', 'FAIL', '—'])).to.equal('FAIL');
    expect(allOf(['—'])).to.equal('—');
  });
});
