import { expect } from 'chai';
import { assignWork } from '../../../application/coordination/assign-work.ts';

const ITEMS = ['documents', 'submission', 'submission-schedule', 'voiding', 'messages', 'message-schedule', 'message-delivery', 'received-documents', 'tacit-acceptance', 'submission-scheduler', 'message-delivery-scheduler', 'tacit-acceptance-scheduler'];

const counts = (assignment: Map<string, string>) => {
  const per = new Map<string, number>();
  for (const member of assignment.values()) per.set(member, (per.get(member) ?? 0) + 1);
  return per;
};

describe('assignWork (bounded rendezvous hashing)', () => {
  it('given any three members, then each holds exactly a third of twelve items: never none by chance', () => {
    for (let run = 0; run < 200; run += 1) {
      const members = [`a-${run}`, `b-${run * 7}`, `c-${run * 13}`];
      const assignment = assignWork(ITEMS, members);
      expect(assignment.size).to.equal(ITEMS.length);
      expect([...counts(assignment).values()]).to.deep.equal([4, 4, 4]);
    }
  });

  it('given five members, then each holds two or three items', () => {
    const per = counts(assignWork(ITEMS, ['m1', 'm2', 'm3', 'm4', 'm5']));
    expect([...per.values()].sort()).to.deep.equal([2, 2, 3, 3, 2].sort());
  });

  it('given the same members in another order, then the same assignment: every instance agrees', () => {
    const one = assignWork(ITEMS, ['x', 'y', 'z']);
    const other = assignWork([...ITEMS].reverse(), ['z', 'x', 'y']);
    expect([...other.entries()].sort()).to.deep.equal([...one.entries()].sort());
  });

  it('given a member leaving, then only what it held and little else changes hands', () => {
    const before = assignWork(ITEMS, ['x', 'y', 'z']);
    const after = assignWork(ITEMS, ['x', 'y']);
    const moved = ITEMS.filter((item) => before.get(item) !== after.get(item));
    const held = ITEMS.filter((item) => before.get(item) === 'z');
    expect(moved).to.include.members(held);
    expect(moved.length).to.be.at.most(held.length + 2);
  });

  it('given no members, then nothing is assigned', () => {
    expect(assignWork(ITEMS, []).size).to.equal(0);
  });
});
