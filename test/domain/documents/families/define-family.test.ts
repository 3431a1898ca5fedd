import { expect } from 'chai';
import { defineFamily } from '../../../../domain/documents/families/define-family.ts';

type Body = { amount?: string; paid?: string };

/** A family whose rule compares the paid amount with the totals, counting how often each piece runs. */
function countingFamily() {
  const calls = { rules: 0, normalize: 0, totals: 0 };
  const family = defineFamily<Body, { payable: string }>({
    name: 'sales-invoice',
    streamCategory: 'test',
    uniqueCodeName: 'cufe',
    typeCode: '01',
    rules: (body, totals) => {
      calls.rules += 1;
      if (body.amount === undefined) return [{ field: 'amount', message: 'is required' }];
      return body.paid === totals().payable ? [] : [{ field: 'paid', message: `must be ${totals().payable}` }];
    },
    normalize: (body) => {
      calls.normalize += 1;
      return { ...body, amount: Number(body.amount).toFixed(2) };
    },
    totals: (body) => {
      calls.totals += 1;
      return { payable: body.amount ?? '0.00' };
    },
    counterparty: 'customer',
  });
  return { family, calls };
}

describe('defineFamily: one issuance check per decision', () => {
  it('given a body that passes, when its issuance is checked, then rules, defaults and totals each run once and the totals are those of the body with its defaults', () => {
    const { family, calls } = countingFamily();
    expect(family.checkIssuance({ amount: '5', paid: '5.00' })).to.deep.equal({ passed: true, body: { amount: '5.00', paid: '5.00' }, totals: { payable: '5.00' } });
    expect(calls).to.deep.equal({ rules: 1, normalize: 1, totals: 1 });
  });

  it('given a body the rules refuse before asking for totals, then neither defaults nor totals are computed', () => {
    const { family, calls } = countingFamily();
    expect(family.checkIssuance({})).to.deep.equal({ passed: false, issues: [{ field: 'amount', message: 'is required' }] });
    expect(calls).to.deep.equal({ rules: 1, normalize: 0, totals: 0 });
  });

  it('given only the rules asked for, then the totals they compared are computed once and nothing else runs', () => {
    const { family, calls } = countingFamily();
    expect(family.checkRules({ amount: '5', paid: '4.00' })).to.deep.equal([{ field: 'paid', message: 'must be 5.00' }]);
    expect(calls).to.deep.equal({ rules: 1, normalize: 1, totals: 1 });
  });
});
