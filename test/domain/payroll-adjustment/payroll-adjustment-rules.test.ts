import { expect } from 'chai';
import { checkPayrollAdjustmentRules } from '../../../domain/payroll-adjustment/payroll-adjustment-rules.ts';
import { computePayrollAdjustmentTotals } from '../../../domain/payroll-adjustment/payroll-adjustment-totals.ts';

describe('payroll adjustment note (deletion)', () => {
  it('given a payroll number and an observation, then there is no issue', () => {
    expect(checkPayrollAdjustmentRules({ payroll_number: 'NEF110', observation: 'Documento enviado por error' })).to.deep.equal([]);
    expect(checkPayrollAdjustmentRules({ payroll_number: 'NE1' })).to.deep.equal([]);
  });

  it('given no payroll number, an empty one or one of 51 characters, then it is refused', () => {
    expect(checkPayrollAdjustmentRules({} as never)).to.deep.equal([{ field: 'payroll_number', message: 'is required' }]);
    expect(checkPayrollAdjustmentRules({ payroll_number: '' })).to.deep.equal([{ field: 'payroll_number', message: 'must not be blank' }]);
    expect(checkPayrollAdjustmentRules({ payroll_number: 'N'.repeat(51) })).to.deep.equal([
      { field: 'payroll_number', message: 'has 51 characters; at most 50 are allowed' },
    ]);
  });

  it('given a number with spaces or dashes, then it is not a tax authority number', () => {
    expect(checkPayrollAdjustmentRules({ payroll_number: 'NE 1' })).to.deep.equal([
      { field: 'payroll_number', message: 'must be the tax authority number of a payroll, letters and digits only (e.g. "NE1"); got "NE 1"' },
    ]);
  });

  it('given an observation of 251 characters, then it is too long', () => {
    expect(checkPayrollAdjustmentRules({ payroll_number: 'NE1', observation: 'x'.repeat(251) })).to.deep.equal([
      { field: 'observation', message: 'has 251 characters; at most 250 are allowed' },
    ]);
  });

  it('given any note, then the totals are zero: nothing is recalculated', () => {
    expect(computePayrollAdjustmentTotals()).to.deep.equal({
      accrued_total: '0.00', deducted_total: '0.00', net_total: '0.00', payable_amount: '0.00',
    });
  });
});
