import { expect } from 'chai';
import { GroupCommit } from '../../../../infrastructure/event-store/sqlite/group-commit.ts';

class LockTaken extends Error {}

/** A GroupCommit over items that are numbers, whose write lock is taken for `refusals` tries, on a clock of its own. */
function groupCommit({ refusals, busy, giveUpAfterMs = 10_000 }: { refusals: number; busy: number; giveUpAfterMs?: number }) {
  let clock = 0;
  let refusalsLeft = refusals;
  const sleeps: number[] = [];
  const groups: number[][] = [];
  const duringSleep: Array<() => void> = [];
  const commits = new GroupCommit<number, number>({
    writeAll: (items) => {
      if (refusalsLeft > 0) {
        refusalsLeft -= 1;
        throw new LockTaken();
      }
      groups.push([...items]);
      return items.map((item) => ({ result: item * 10 }));
    },
    isRetryable: (error) => error instanceof LockTaken,
    delayBefore: (attempt, waitedMs) => (waitedMs >= giveUpAfterMs ? undefined : attempt <= 3 ? 0 : Math.min(attempt, 20)),
    giveUp: (error) => new Error('the write lock stayed taken', { cause: error }),
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
      duringSleep.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
    measureBusy: () => () => busy,
    now: () => clock,
  });
  return { commits, sleeps, groups, duringSleep, release: () => (refusalsLeft = 0) };
}

describe('GroupCommit: a group refused for the write lock', () => {
  it('given a thread busy while it waits, then the group waits each delay out whole, its first millisecond and the rest', async () => {
    const { commits, sleeps, groups } = groupCommit({ refusals: 5, busy: 0.9 });
    expect(await commits.submit(7)).to.equal(70);
    // The first turn, two retries on the next turns, then 4, 5 and 6 ms.
    expect(sleeps).to.deep.equal([0, 0, 0, 1, 3, 1, 4, 1, 5]);
    expect(groups).to.deep.equal([[7]]);
  });

  it('given a thread idle while it waits, then the group is retried after the first millisecond of each delay', async () => {
    const { commits, sleeps } = groupCommit({ refusals: 5, busy: 0.1 });
    expect(await commits.submit(7)).to.equal(70);
    expect(sleeps).to.deep.equal([0, 0, 0, 1, 1, 1]);
  });

  it('given the lock taken for more than 20 ms, then even an idle thread waits the delays out whole', async () => {
    const { commits, sleeps } = groupCommit({ refusals: 40, busy: 0 });
    expect(await commits.submit(1)).to.equal(10);
    const waitedBefore = (index: number) => sleeps.slice(1, index + 1).reduce((sum, ms) => sum + ms, 0);
    const whole = sleeps.findIndex((ms, index) => index > 3 && ms > 1);
    expect(whole).to.be.greaterThan(3);
    expect(waitedBefore(whole)).to.be.at.least(20);
    expect(sleeps.slice(4, whole).every((ms) => ms === 1)).to.equal(true);
  });

  it('given appends asked for while the group waits, then they join it and are written in the same transaction', async () => {
    const { commits, groups, duringSleep } = groupCommit({ refusals: 4, busy: 0.9 });
    const later: Array<Promise<number>> = [];
    duringSleep.push(
      () => undefined,
      () => later.push(commits.submit(2)),
      () => undefined,
      () => later.push(commits.submit(3)),
    );
    expect(await commits.submit(1)).to.equal(10);
    expect(await Promise.all(later)).to.deep.equal([20, 30]);
    expect(groups).to.deep.equal([[1, 2, 3]]);
  });

  it('given the lock taken longer than the store waits, then every append of the group is refused, and the next group is written', async () => {
    const { commits, groups, release } = groupCommit({ refusals: Number.POSITIVE_INFINITY, busy: 0.9, giveUpAfterMs: 50 });
    const refused = await Promise.allSettled([commits.submit(1), commits.submit(2)]);
    expect(refused.map((outcome) => outcome.status)).to.deep.equal(['rejected', 'rejected']);
    expect((refused[0] as PromiseRejectedResult).reason.message).to.equal('the write lock stayed taken');
    release();
    expect(await commits.submit(3)).to.equal(30);
    expect(groups).to.deep.equal([[3]]);
  });
});

describe('GroupCommit: an append asked for as the one before it is answered', () => {
  it('given an append awaited directly and the next asked for at once, then both are written, in groups of their own', async () => {
    const { commits, groups } = groupCommit({ refusals: 0, busy: 0 });
    expect(await commits.submit(1)).to.equal(10);
    // The drain that wrote 1 has just ended: this one must start a drain of its own, not wait in the ended one's queue.
    expect(await commits.submit(2)).to.equal(20);
    expect(groups).to.deep.equal([[1], [2]]);
  });
});

describe('GroupCommit: the hook after a commit', () => {
  it('given the hook throws, then the appends of the group were answered all the same, and the drain ends with its error', async () => {
    const commits = new GroupCommit<number, number>({
      writeAll: (items) => items.map((item) => ({ result: item * 10 })),
      isRetryable: () => false,
      delayBefore: () => undefined,
      giveUp: (error) => error,
      committed: () => {
        throw new Error('the hook failed');
      },
      measureBusy: () => () => 0,
    });
    const answers = Promise.all([commits.submit(1), commits.submit(2)]);
    const drained = commits.settled().then(
      () => 'no error',
      (error: Error) => error.message,
    );
    const unanswered = new Promise((resolve) => setTimeout(() => resolve('unanswered'), 1_000));
    expect(await Promise.race([answers, unanswered])).to.deep.equal([10, 20]);
    expect(await drained).to.equal('the hook failed');
  });
});
