import { expect } from 'chai';
import { COMMIT_AFTER_MS, COMMIT_BUSY_WITHIN_MS, COMMIT_SPACING_MS, commitWindow } from '../../../../infrastructure/read-models/sqlite/commit-window.ts';

describe('commitWindow', () => {
  it('given a connection that has not committed for a while, then its first write may commit after COMMIT_AFTER_MS and must by COMMIT_BUSY_WITHIN_MS', () => {
    expect(commitWindow(10_000, Number.NEGATIVE_INFINITY)).to.deep.equal({ opensAt: 10_000 + COMMIT_AFTER_MS, closesAt: 10_000 + COMMIT_BUSY_WITHIN_MS });
    expect(commitWindow(10_000, 10_000 - COMMIT_SPACING_MS - 1)).to.deep.equal({ opensAt: 10_000 + COMMIT_AFTER_MS, closesAt: 10_000 + COMMIT_BUSY_WITHIN_MS });
  });

  it('given a write just after a commit, then the next commit waits COMMIT_SPACING_MS from that commit', () => {
    const window = commitWindow(10_001, 10_000);
    expect(window.opensAt).to.equal(10_000 + COMMIT_SPACING_MS);
    expect(window.closesAt).to.equal(Math.max(10_001 + COMMIT_BUSY_WITHIN_MS, 10_000 + COMMIT_SPACING_MS));
  });

  it('given any times, then the window never closes before it opens', () => {
    for (const [began, last] of [[0, -1_000], [5, 0], [100, 99], [100, 60], [100, 100]]) {
      const { opensAt, closesAt } = commitWindow(began, last);
      expect(closesAt, `${began}, ${last}`).to.be.at.least(opensAt);
      expect(opensAt, `${began}, ${last}`).to.be.at.least(began + COMMIT_AFTER_MS);
    }
  });
});
