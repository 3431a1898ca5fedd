import { expect } from 'chai';
import { keepBounded } from '../../../domain/shared/bounded-map.ts';

describe('keepBounded', () => {
  it('given a map at its bound, when a new key is set, then the key set longest ago is dropped', () => {
    const map = new Map<string, number>();
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) keepBounded(map, key, index, 3);
    expect([...map]).to.deep.equal([['b', 1], ['c', 2], ['d', 3]]);
  });

  it('given a key set again, then it becomes the newest and nothing else is dropped', () => {
    const map = new Map<string, number>();
    for (const key of ['a', 'b', 'c']) keepBounded(map, key, 0, 3);
    keepBounded(map, 'a', 9, 3);
    keepBounded(map, 'd', 1, 3);
    expect([...map]).to.deep.equal([['c', 0], ['a', 9], ['d', 1]]);
  });
});
