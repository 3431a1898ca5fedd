import { expect } from 'chai';
import { checkGapFree, type NumberedDocument } from '../../bench/number-gaps.ts';

const numbered = (prefix: string, numbers: number[]): NumberedDocument[] => numbers.map((n, i) => ({ id: `${prefix}-${i}`, prefix, number: `${prefix}${n}` }));

describe('bench gap-free numbers check', () => {
  it('passes one contiguous run per prefix, in any order', () => {
    const check = checkGapFree([...numbered('SETP', [990000002, 990000000, 990000001]), ...numbered('NC', [1, 2])]);
    expect(check.ok).to.equal(true);
    expect(check.perPrefix.map((p) => [p.prefix, p.count, p.first, p.last])).to.deep.equal([
      ['NC', 2, 1, 2],
      ['SETP', 3, 990000000, 990000002],
    ]);
  });

  it('fails a set with a gap and names the missing numbers', () => {
    const check = checkGapFree(numbered('SETP', [990000000, 990000001, 990000004]));
    expect(check.ok).to.equal(false);
    expect(check.perPrefix[0]).to.include({ missingCount: 2, duplicateCount: 0 });
    expect(check.perPrefix[0].missing).to.deep.equal([990000002, 990000003]);
  });

  it('fails a number issued twice', () => {
    const check = checkGapFree(numbered('SETP', [990000000, 990000001, 990000001, 990000002]));
    expect(check.ok).to.equal(false);
    expect(check.perPrefix[0]).to.include({ duplicateCount: 1, missingCount: 0 });
    expect(check.perPrefix[0].duplicates).to.deep.equal([990000001]);
  });

  it('fails a number that is not the prefix followed by digits', () => {
    const check = checkGapFree([{ id: 'a', prefix: 'SETP', number: 'SETP990000000' }, { id: 'b', prefix: 'SETP', number: 'FE1' }]);
    expect(check.ok).to.equal(false);
    expect(check.perPrefix[0].malformed).to.deep.equal(['FE1']);
  });

  it('passes no documents at all', () => {
    expect(checkGapFree([])).to.deep.equal({ ok: true, perPrefix: [] });
  });
});
