import { expect } from 'chai';
import { computeSupportDocumentTotals } from '../../../domain/support-document/compute-support-document-totals.ts';
import { IVA19, IVA5 } from '../sales-invoice/item.ts';
import { RETE_IVA_15, RETE_RENTA_3_5, supportDocumentItem, validSupportDocumentBody } from './valid-support-document-body.ts';

describe('computeSupportDocumentTotals', () => {
  it('given the Factus DS example (2 × 50000, 20 % discount, IVA 19 %, ReteRenta 3.5 %), then every amount is as computed by hand', () => {
    const totals = computeSupportDocumentTotals(validSupportDocumentBody());

    expect(totals.lines).to.deep.equal([
      {
        gross_amount: '100000.00',
        discount_amount: '20000.00',
        line_extension_amount: '80000.00',
        taxes: [{ code: '01', rate: '19.00', taxable_amount: '80000.00', tax_amount: '15200.00' }],
        withholding_taxes: [{ code: '06', rate: '3.50', taxable_amount: '80000.00', amount: '2800.00' }],
      },
    ]);
    expect(totals.line_extension_amount).to.equal('80000.00');
    expect(totals.tax_exclusive_amount).to.equal('80000.00');
    expect(totals.tax_amount).to.equal('15200.00');
    expect(totals.tax_inclusive_amount).to.equal('95200.00');
    expect(totals.payable_amount).to.equal('95200.00');
    expect(totals.rounding_amount).to.equal('0.00');
    expect(totals.taxes).to.deep.equal([{ code: '01', rate: '19.00', taxable_amount: '80000.00', tax_amount: '15200.00' }]);
    expect(totals.tax_totals).to.deep.equal([{ code: '01', taxable_amount: '80000.00', tax_amount: '15200.00' }]);
    expect(totals.withholding_taxes).to.deep.equal([{ code: '06', rate: '3.50', taxable_amount: '80000.00', amount: '2800.00' }]);
    expect(totals.withholding_total).to.equal('2800.00');
  });

  it('given ReteIVA 15 %, then its base is the line IVA amount, and the payable amount is still unchanged', () => {
    const totals = computeSupportDocumentTotals({ items: [supportDocumentItem('50000.00', '2.00', [IVA19], [RETE_RENTA_3_5, RETE_IVA_15])] });

    expect(totals.lines[0].withholding_taxes).to.deep.equal([
      { code: '06', rate: '3.50', taxable_amount: '80000.00', amount: '2800.00' },
      { code: '05', rate: '15.00', taxable_amount: '15200.00', amount: '2280.00' },
    ]);
    expect(totals.withholding_taxes).to.deep.equal([
      { code: '05', rate: '15.00', taxable_amount: '15200.00', amount: '2280.00' },
      { code: '06', rate: '3.50', taxable_amount: '80000.00', amount: '2800.00' },
    ]);
    expect(totals.withholding_total).to.equal('5080.00');
    expect(totals.payable_amount).to.equal('95200.00');
  });

  it('given several lines and rates, then withholdings are grouped per (code, rate), ordered by code then rate', () => {
    const totals = computeSupportDocumentTotals({
      items: [
        supportDocumentItem('1000.00', '1.00', [IVA19], [{ code: '06', rate: '11' }], '0'),
        supportDocumentItem('2000.00', '1.00', [IVA5], [RETE_RENTA_3_5, RETE_IVA_15], '0'),
        supportDocumentItem('3000.00', '1.00', [], [{ code: '06', rate: '11.00' }], '0'),
      ],
    });

    expect(totals.withholding_taxes).to.deep.equal([
      { code: '05', rate: '15.00', taxable_amount: '100.00', amount: '15.00' },
      { code: '06', rate: '3.50', taxable_amount: '2000.00', amount: '70.00' },
      { code: '06', rate: '11.00', taxable_amount: '4000.00', amount: '440.00' },
    ]);
    expect(totals.withholding_total).to.equal('525.00');
    expect(totals.line_extension_amount).to.equal('6000.00');
    expect(totals.tax_exclusive_amount).to.equal('3000.00');
    expect(totals.tax_amount).to.equal('290.00');
    expect(totals.payable_amount).to.equal('6290.00');
  });

  it('given a withholding ending in an exact half cent, then it rounds half-to-even per line', () => {
    const down = computeSupportDocumentTotals({ items: [supportDocumentItem('0.50', '1.00', [], [{ code: '06', rate: '5.00' }], '0')] });
    const up = computeSupportDocumentTotals({ items: [supportDocumentItem('1.50', '1.00', [], [{ code: '06', rate: '5.00' }], '0')] });

    expect(down.withholding_total).to.equal('0.02');
    expect(up.withholding_total).to.equal('0.08');
  });

  it('given no withholdings, then the list is empty and the total is 0.00', () => {
    const totals = computeSupportDocumentTotals({ items: [supportDocumentItem('100.00', '1.00', [IVA19], [], '0')] });

    expect(totals.withholding_taxes).to.deep.equal([]);
    expect(totals.withholding_total).to.equal('0.00');
    expect(totals.lines[0].withholding_taxes).to.deep.equal([]);
    expect(totals.payable_amount).to.equal('119.00');
  });
});
