import { expect } from 'chai';
import { mergeOrdered } from '../../../application/reports/merge-ordered.ts';

async function* sequence(values: number[], stopped: { count: number }): AsyncGenerator<number> {
  try {
    for (const value of values) yield value;
  } finally {
    stopped.count += 1;
  }
}

describe('mergeOrdered', () => {
  it('given ordered sequences, then one sequence in order, ties kept in the order of the sequences', async () => {
    const stopped = { count: 0 };
    const merged: number[] = [];
    for await (const value of mergeOrdered([sequence([1, 4, 9], stopped), sequence([], stopped), sequence([2, 4, 10, 11], stopped), sequence([3], stopped)], (a, b) => a - b)) {
      merged.push(value);
    }
    expect(merged).to.deep.equal([1, 2, 3, 4, 4, 9, 10, 11]);
    expect(stopped.count).to.equal(4);
  });

  it('given a consumer that stops early, then every sequence is stopped', async () => {
    const stopped = { count: 0 };
    for await (const value of mergeOrdered([sequence([1, 3], stopped), sequence([2, 4], stopped)], (a, b) => a - b)) {
      if (value === 2) break;
    }
    expect(stopped.count).to.equal(2);
  });
});
