import { expect } from 'chai';
import { computeTotals, taxAmountOf } from '../../../domain/sales-invoice/totals.ts';
import { INC8, IVA19, IVA5, item } from './item.ts';

describe('computeTotals', () => {
  it('given the Factus example (V12: 1×10000 + 3×20000, IVA 19 %), then base 70000.00, IVA 13300.00, total 83300.00', () => {
    const totals = computeTotals([item('10000.00', '1.00', [IVA19]), item('20000.00', '3.00', [IVA19])]);

    expect(totals.line_extension_amount).to.equal('70000.00');
    expect(totals.tax_exclusive_amount).to.equal('70000.00');
    expect(totals.tax_amount).to.equal('13300.00');
    expect(totals.tax_inclusive_amount).to.equal('83300.00');
    expect(totals.payable_amount).to.equal('83300.00');
    expect(totals.rounding_amount).to.equal('0.00');
    expect(totals.taxes).to.deep.equal([{ code: '01', rate: '19.00', taxable_amount: '70000.00', tax_amount: '13300.00' }]);
    expect(totals.tax_totals).to.deep.equal([{ code: '01', taxable_amount: '70000.00', tax_amount: '13300.00' }]);
    expect(totals.lines[1]).to.deep.equal({
      gross_amount: '60000.00',
      discount_amount: '0.00',
      line_extension_amount: '60000.00',
      taxes: [{ code: '01', rate: '19.00', taxable_amount: '60000.00', tax_amount: '11400.00' }],
    });
  });

  it('given a discount, then the line reports gross, discount and net amounts', () => {
    const totals = computeTotals([item('1000.00', '2.00', [IVA19], '10.00')]);

    expect(totals.lines[0]).to.include({ gross_amount: '2000.00', discount_amount: '200.00', line_extension_amount: '1800.00' });
    expect(totals.tax_amount).to.equal('342.00');
    expect(totals.payable_amount).to.equal('2142.00');
  });

  it('given a line without taxes, then it counts in the line extension but not in the tax-exclusive amount', () => {
    const totals = computeTotals([item('100.00', '1.00', [IVA19]), item('50.00')]);

    expect(totals.line_extension_amount).to.equal('150.00');
    expect(totals.tax_exclusive_amount).to.equal('100.00');
    expect(totals.tax_inclusive_amount).to.equal('169.00');
    expect(totals.payable_amount).to.equal('169.00');
  });

  it('given several rates and taxes, then there is one subtotal per (code, rate) and one total per code', () => {
    const totals = computeTotals([
      item('100.00', '1.00', [IVA19]),
      item('200.00', '1.00', [IVA5, INC8]),
      item('300.00', '1.00', [{ code: '01', rate: '19' }]),
    ]);

    expect(totals.taxes).to.deep.equal([
      { code: '01', rate: '5.00', taxable_amount: '200.00', tax_amount: '10.00' },
      { code: '01', rate: '19.00', taxable_amount: '400.00', tax_amount: '76.00' },
      { code: '04', rate: '8.00', taxable_amount: '200.00', tax_amount: '16.00' },
    ]);
    expect(totals.tax_totals).to.deep.equal([
      { code: '01', taxable_amount: '600.00', tax_amount: '86.00' },
      { code: '04', taxable_amount: '200.00', tax_amount: '16.00' },
    ]);
    expect(totals.tax_exclusive_amount).to.equal('600.00');
    expect(taxAmountOf(totals, '01')).to.equal('86.00');
    expect(taxAmountOf(totals, '04')).to.equal('16.00');
    expect(taxAmountOf(totals, '03')).to.equal('0.00');
  });

  it('given taxes that each round up, then the payable amount is rounded once and rounding_amount is negative', () => {
    const totals = computeTotals([item('0.03', '1.00', [IVA19]), item('0.03', '1.00', [IVA19]), item('0.03', '1.00', [IVA19])]);

    expect(totals.lines[0].taxes[0].tax_amount).to.equal('0.01');
    expect(totals.tax_inclusive_amount).to.equal('0.12');
    expect(totals.payable_amount).to.equal('0.11');
    expect(totals.rounding_amount).to.equal('-0.01');
  });

  it('given taxes that each round down, then rounding_amount is positive', () => {
    const totals = computeTotals([item('0.02', '1.00', [IVA19]), item('0.02', '1.00', [IVA19]), item('0.02', '1.00', [IVA19])]);

    expect(totals.tax_amount).to.equal('0.00');
    expect(totals.tax_inclusive_amount).to.equal('0.06');
    expect(totals.payable_amount).to.equal('0.07');
    expect(totals.rounding_amount).to.equal('0.01');
  });

  it('given a net amount ending in an exact half, then it rounds to even where half-up would round up', () => {
    const totals = computeTotals([item('10.05', '1.00', [], '50.00')]);

    expect(totals.lines[0].line_extension_amount).to.equal('5.02');
    expect(totals.lines[0].discount_amount).to.equal('5.03');
    expect(totals.payable_amount).to.equal('5.02');
  });

  it('given a tax ending in an exact half, then it rounds to even both down and up', () => {
    const down = computeTotals([item('0.50', '1.00', [IVA5])]);
    const up = computeTotals([item('1.50', '1.00', [IVA5])]);

    expect(down.lines[0].taxes[0].tax_amount).to.equal('0.02');
    expect(down.payable_amount).to.equal('0.52');
    expect(up.lines[0].taxes[0].tax_amount).to.equal('0.08');
    expect(up.payable_amount).to.equal('1.58');
  });

  it('given fractional quantities, then no float error creeps in (0.1 × 0.3 stays 0.03)', () => {
    const totals = computeTotals([item('0.30', '0.10'), item('0.20', '0.10')]);

    expect(totals.line_extension_amount).to.equal('0.05');
    expect(totals.payable_amount).to.equal('0.05');
  });
});
