import { expect } from 'chai';
import { checkBillingPeriod } from '../../../domain/notes/billing-period-rules.ts';

describe('billing period rules (notes)', () => {
  it('given a note naming an invoice, when no billing period is sent, then there is no issue', () => {
    expect(checkBillingPeriod(undefined, 'SETP990000001')).to.deep.equal([]);
  });

  it('given a note naming no invoice, when no billing period is sent, then the period is required and the reason given', () => {
    expect(checkBillingPeriod(undefined, undefined)).to.deep.equal([
      {
        field: 'billing_period',
        message: 'is required when bill_number is omitted: a note that names no invoice must state the billing period it corrects',
      },
    ]);
  });

  it('given a period with an invoice too, when checked, then it is allowed', () => {
    expect(checkBillingPeriod({ start_date: '2026-01-01', end_date: '2026-01-31' }, 'SETP990000001')).to.deep.equal([]);
  });

  it('given a one-day period (start equals end), when checked, then it is valid', () => {
    expect(checkBillingPeriod({ start_date: '2024-02-29', end_date: '2024-02-29' }, undefined)).to.deep.equal([]);
  });

  it('given a period ending before it starts, when checked, then end_date is refused with both dates', () => {
    expect(checkBillingPeriod({ start_date: '2026-02-01', end_date: '2026-01-31' }, undefined)).to.deep.equal([
      { field: 'billing_period.end_date', message: 'is 2026-01-31, before start_date 2026-02-01; a billing period must not end before it starts' },
    ]);
  });

  it('given dates that are not calendar dates or missing, when checked, then each date field says so and order is not compared', () => {
    expect(checkBillingPeriod({ start_date: '2026-02-30', end_date: '01/31/2026' }, undefined)).to.deep.equal([
      { field: 'billing_period.start_date', message: 'must be a calendar date written YYYY-MM-DD; got "2026-02-30"' },
      { field: 'billing_period.end_date', message: 'must be a calendar date written YYYY-MM-DD; got "01/31/2026"' },
    ]);
    expect(checkBillingPeriod({ start_date: '2026-01-01' } as never, undefined)).to.deep.equal([
      { field: 'billing_period.end_date', message: 'is required' },
    ]);
  });
});
