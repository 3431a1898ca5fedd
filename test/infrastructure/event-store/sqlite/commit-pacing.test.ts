import { expect } from 'chai';
import { CommitPacing, PACED_GAP_MS } from '../../../../infrastructure/event-store/sqlite/commit-pacing.ts';
import { GroupCommit } from '../../../../infrastructure/event-store/sqlite/group-commit.ts';

/** A pacing on a clock of its own, whose thread is `busy.share` busy over every stretch measured. */
function pacing({ applies = true, share = 0.9 } = {}) {
  const clock = { now: 0 };
  const busy = { share };
  const pace = new CommitPacing({ applies: () => applies, measureBusy: () => () => busy.share, now: () => clock.now });
  pace.delay(); // the first stretch starts: nothing is known of the thread yet
  /** A commit at `committedAt`, then the delay of a group asked for at `askedAt`. */
  const delayAfterCommit = (committedAt: number, askedAt: number) => {
    clock.now = committedAt;
    pace.committed();
    clock.now = askedAt;
    return pace.delay();
  };
  return { busy, delayAfterCommit };
}

describe('CommitPacing: the gap a busy thread leaves between its group commits', () => {
  it('given a busy thread that committed 3 ms ago, then the next group waits the rest of the gap', () => {
    expect(pacing().delayAfterCommit(150, 153)).to.equal(PACED_GAP_MS - 3);
  });

  it('given the last commit longer ago than the gap, then the group is written at once', () => {
    expect(pacing().delayAfterCommit(150, 150 + PACED_GAP_MS)).to.equal(0);
  });

  it('given a thread busy less than the threshold over its last stretch, then groups are written at once', () => {
    expect(pacing({ share: 0.7 }).delayAfterCommit(150, 151)).to.equal(0);
  });

  it('given the thread turning busy, then the gap applies from the first stretch measured busy, and ends with the next idle one', () => {
    const { busy, delayAfterCommit } = pacing({ share: 0.2 });
    busy.share = 0.9;
    expect(delayAfterCommit(50, 51), 'the stretch measured is not over yet').to.equal(0);
    expect(delayAfterCommit(120, 121), 'the stretch that ended was busy').to.equal(PACED_GAP_MS - 1);
    busy.share = 0.1;
    expect(delayAfterCommit(240, 241), 'the next stretch was idle').to.equal(0);
  });

  it('given a store whose commits do not wake its own thread (applies false), then it never waits', () => {
    expect(pacing({ applies: false }).delayAfterCommit(150, 151)).to.equal(0);
  });
});

describe('GroupCommit: paced while its thread is busy', () => {
  function groupCommit(paced: boolean) {
    let clock = 0;
    const sleeps: number[] = [];
    const groups: number[][] = [];
    const commits = new GroupCommit<number, number>({
      writeAll: (items) => {
        groups.push([...items]);
        return items.map((item) => ({ result: item }));
      },
      isRetryable: () => false,
      delayBefore: () => undefined,
      giveUp: (error) => error,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
        await new Promise((resolve) => setImmediate(resolve));
      },
      measureBusy: () => () => 0.9,
      now: () => clock,
      paced: () => paced,
    });
    return { commits, sleeps, groups, advance: (ms: number) => (clock += ms) };
  }

  it('given a busy paced thread, then a group asked for right after a commit waits out the gap, and the appends asked meanwhile join it', async () => {
    const { commits, sleeps, groups, advance } = groupCommit(true);
    advance(200);
    await commits.submit(1); // starts the first measured stretch
    advance(200);
    await commits.submit(2); // the stretch before was busy: from now on the commits are spaced
    const next = commits.submit(3);
    const joining = commits.submit(4);
    expect(await Promise.all([next, joining])).to.deep.equal([3, 4]);
    expect(groups).to.deep.equal([[1], [2], [3, 4]]);
    expect(sleeps.slice(-2)).to.deep.equal([0, PACED_GAP_MS]);
  });

  it('given a busy thread whose commits are not paced (the API thread), then each group goes on the next turn', async () => {
    const { commits, sleeps, advance } = groupCommit(false);
    advance(200);
    await commits.submit(1);
    advance(200);
    await commits.submit(2);
    await commits.submit(3);
    expect(sleeps).to.deep.equal([0, 0, 0]);
  });
});
