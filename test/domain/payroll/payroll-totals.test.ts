import { expect } from 'chai';
import type { PayrollConceptSection } from '../../../domain/payroll/payroll-body.ts';
import { computePayrollTotals } from '../../../domain/payroll/payroll-totals.ts';
import { payrollWithEveryConcept } from './every-concept.ts';
import { validPayrollBody } from './valid-payroll-body.ts';

const REQUIRED_DEDUCTIONS: PayrollConceptSection = {
  health: { percentage: '4', amount: '0.00' },
  pension: { percentage: '4', amount: '0.00' },
};

describe('computePayrollTotals', () => {
  it('given the provider example (2,800,000 + 249,095 + 300,000 + 79,545.45; health and pension 127,181.82), then the totals are exact', () => {
    const totals = computePayrollTotals(validPayrollBody());

    expect(totals).to.deep.equal({
      accrued_total: '3428640.45',
      deducted_total: '254363.64',
      net_total: '3174276.81',
      payable_amount: '3174276.81',
      rounding_amount: '0.00',
      by_concept: [
        { kind: 'accrual', name: 'basic_salary', amount: '2800000.00' },
        { kind: 'accrual', name: 'transport_allowance', amount: '249095.00' },
        { kind: 'accrual', name: 'overtime_and_surcharges', amount: '79545.45' },
        { kind: 'accrual', name: 'commissions', amount: '300000.00' },
        { kind: 'deduction', name: 'health', amount: '127181.82' },
        { kind: 'deduction', name: 'pension', amount: '127181.82' },
      ],
    });
  });

  it('given severance, bonuses, a solidarity fund and a list of entries, then every amount field adds', () => {
    const totals = computePayrollTotals({
      accruals: {
        basic_salary: { amount: '1000.00' },
        severance: { amount: '100.00', percentage: '12.00', interest_amount: '12.00' },
        bonuses: { quantity: 30, amount: '500.00', non_salary_amount: '50.50' },
        bonifications: [{ type_code: '1', amount: '10.00' }, { type_code: '2', amount: '20.00' }],
      },
      deductions: {
        ...REQUIRED_DEDUCTIONS,
        pension_solidarity_fund: { percentage: '0.5', amount: '5.00', subsistence_percentage: '0.5', subsistence_amount: '5.00' },
      },
    });
    expect(totals.by_concept.filter((line) => line.amount !== '0.00')).to.deep.equal([
      { kind: 'accrual', name: 'basic_salary', amount: '1000.00' },
      { kind: 'accrual', name: 'bonuses', amount: '550.50' },
      { kind: 'accrual', name: 'severance', amount: '112.00' },
      { kind: 'accrual', name: 'bonifications', amount: '30.00' },
      { kind: 'deduction', name: 'pension_solidarity_fund', amount: '10.00' },
    ]);
    expect(totals).to.include({ accrued_total: '1692.50', deducted_total: '10.00', net_total: '1682.50' });
  });

  it('given an unpaid license and a legal strike, then they add nothing; paid licenses add their amount', () => {
    const totals = computePayrollTotals({
      accruals: {
        basic_salary: { amount: '1000.00' },
        licenses: [{ type_code: '3', quantity: 2 }, { type_code: '2', quantity: 1, amount: '33.33' }],
        legal_strikes: [{ quantity: 3 }],
      },
      deductions: REQUIRED_DEDUCTIONS,
    });
    expect(totals.by_concept.slice(1, 3)).to.deep.equal([
      { kind: 'accrual', name: 'licenses', amount: '33.33' },
      { kind: 'accrual', name: 'legal_strikes', amount: '0.00' },
    ]);
    expect(totals.accrued_total).to.equal('1033.33');
  });

  it('given deductions above the accruals, then the net is negative', () => {
    const totals = computePayrollTotals({
      accruals: { basic_salary: { amount: '100.00' } },
      deductions: { ...REQUIRED_DEDUCTIONS, debt: { amount: '150.25' } },
    });
    expect(totals).to.include({ net_total: '-50.25', payable_amount: '-50.25' });
  });

  it('given amounts with more than 2 decimals (which the rules refuse), then each total is rounded half-to-even once and the difference is reported', () => {
    const evenBelow = computePayrollTotals({
      accruals: { basic_salary: { amount: '1000.125' } },
      deductions: { health: { percentage: '4', amount: '0.005' }, pension: { percentage: '4', amount: '0' } },
    });
    expect(evenBelow).to.include({ accrued_total: '1000.12', deducted_total: '0.00', net_total: '1000.12', rounding_amount: '0.00' });

    const oddBelow = computePayrollTotals({
      accruals: { basic_salary: { amount: '1.015' } },
      deductions: { health: { percentage: '4', amount: '0.005' }, pension: { percentage: '4', amount: '0' } },
    });
    expect(oddBelow).to.include({ accrued_total: '1.02', deducted_total: '0.00', net_total: '1.01', rounding_amount: '-0.01' });
  });

  it('given a payroll with all 42 concepts, then there is one line per concept and the totals are their sums', () => {
    const totals = computePayrollTotals(payrollWithEveryConcept());
    expect(totals.by_concept).to.have.length(42);
    const sumOf = (kind: string) => totals.by_concept
      .filter((line) => line.kind === kind)
      .reduce((total, line) => total + Math.round(Number(line.amount) * 100), 0) / 100;
    expect(Number(totals.accrued_total)).to.equal(sumOf('accrual'));
    expect(Number(totals.deducted_total)).to.equal(sumOf('deduction'));
    expect(totals.by_concept.find((line) => line.name === 'licenses')?.amount).to.equal('2000.00');
    expect(totals.by_concept.find((line) => line.name === 'overtime_and_surcharges')?.amount).to.equal('7000.00');
  });
});
