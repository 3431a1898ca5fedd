import { expect } from 'chai';
import { asFamily, isOfFamily } from '../../../domain/documents/document-of-family.ts';
import { initialDocumentState } from '../../../domain/documents/document-state.ts';

const payroll = { ...initialDocumentState(), family: 'payroll' as const, totals: { net_total: '100.00' } };

describe('isOfFamily and asFamily', () => {
  it('given a payroll, then it is of the payroll family and of no other', () => {
    expect(isOfFamily(payroll, 'payroll')).to.equal(true);
    expect(isOfFamily(payroll, 'payroll-adjustment', 'payroll')).to.equal(true);
    expect(isOfFamily(payroll, 'sales-invoice', 'credit-note')).to.equal(false);
  });

  it('given a payroll read as a payroll, then its totals come back as recorded', () => {
    expect(asFamily(payroll, 'payroll').totals.net_total).to.equal('100.00');
  });

  it('given a payroll read as an invoice or a note, then the mistake is named', () => {
    expect(() => asFamily(payroll, 'sales-invoice', 'credit-note')).to.throw('expected a sales-invoice or credit-note, got payroll');
    expect(() => asFamily(initialDocumentState(), 'payroll')).to.throw('expected a payroll, got no document');
  });
});
