import { expect } from 'chai';
import { checkPaymentDetails } from '../../../domain/sales-invoice/payment-rules.ts';
import type { SalesInvoicePaymentDetail } from '../../../domain/sales-invoice/sales-invoice-body.ts';

const cash = (amount: string, changes: Partial<SalesInvoicePaymentDetail> = {}): SalesInvoicePaymentDetail => ({
  payment_form: '1',
  payment_method_code: '10',
  amount,
  ...changes,
});

describe('payment rules', () => {
  it('given payments adding up to the payable amount, then there is no issue', () => {
    expect(checkPaymentDetails([cash('50000'), cash('33300.00', { payment_method_code: '71' })], '83300.00')).to.deep.equal([]);
  });

  it('given no payment detail, then at least one is required', () => {
    expect(checkPaymentDetails([], '10.00')).to.deep.equal([
      { field: 'payment_details', message: 'must contain at least one payment detail' },
    ]);
  });

  it('given payments that do not add up, then both numbers are stated', () => {
    expect(checkPaymentDetails([cash('80000.00'), cash('3299.99')], '83300.00')).to.deep.equal([
      { field: 'payment_details', message: 'amounts add up to 83299.99; they must equal the invoice payable amount 83300.00' },
    ]);
  });

  it('given an invalid amount, then it is reported and the sum is not compared', () => {
    expect(checkPaymentDetails([cash('-83300.00')], '83300.00')).to.deep.equal([
      { field: 'payment_details[0].amount', message: 'must not be negative; got "-83300.00"' },
    ]);
  });

  it('given unknown payment form and method, then the allowed codes are given', () => {
    const issues = checkPaymentDetails([cash('1.00', { payment_form: '3', payment_method_code: '99' })], '1.00');
    expect(issues[0]).to.deep.equal({
      field: 'payment_details[0].payment_form',
      message: '"3" is not a payment form; allowed: 1 (Contado), 2 (Crédito)',
    });
    expect(issues[1].field).to.equal('payment_details[0].payment_method_code');
    expect(issues[1].message).to.match(/^"99" is not a payment method code; allowed: one of the 77 codes/);
  });

  it('given a credit payment, then a due date is optional but must be a real YYYY-MM-DD date', () => {
    const credit = (due_date?: string) => cash('1.00', { payment_form: '2', due_date });
    expect(checkPaymentDetails([credit('2026-03-31')], '1.00')).to.deep.equal([]);
    expect(checkPaymentDetails([credit()], '1.00')).to.deep.equal([]);
    expect(checkPaymentDetails([cash('0.50'), credit('2026-02-30')], '1.50')).to.deep.equal([
      { field: 'payment_details[1].due_date', message: 'must be a calendar date written YYYY-MM-DD; got "2026-02-30"' },
    ]);
  });
});
