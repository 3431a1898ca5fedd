import { expect } from 'chai';
import { checkSalesInvoiceRules } from '../../../domain/sales-invoice/issuance-rules.ts';
import type { SalesInvoiceBody } from '../../../domain/sales-invoice/sales-invoice-body.ts';
import { validSalesInvoiceBody } from './valid-sales-invoice-body.ts';

describe('checkSalesInvoiceRules', () => {
  it('given the documented example, when checked, then there is no issue', () => {
    expect(checkSalesInvoiceRules(validSalesInvoiceBody())).to.deep.equal([]);
  });

  it('given a body without customer, items or payments, when checked, then each is reported', () => {
    expect(checkSalesInvoiceRules({})).to.deep.equal([
      { field: 'customer', message: 'is required' },
      { field: 'items', message: 'must contain at least one item' },
      { field: 'payment_details', message: 'must contain at least one payment detail' },
    ]);
  });

  it('given several broken rules, when checked, then every one is reported with its own path', () => {
    const body: SalesInvoiceBody = validSalesInvoiceBody();
    body.customer!.dv = '3';
    body.items![1].price = '20000.125';
    body.payment_details![0].payment_form = '9';

    expect(checkSalesInvoiceRules(body).map((issue) => issue.field)).to.deep.equal([
      'customer.dv',
      'items[1].price',
      'payment_details[0].payment_form',
    ]);
  });

  it('given a broken item, when checked, then the payment sum is not compared with totals it cannot compute', () => {
    const body = validSalesInvoiceBody();
    body.items![0].quantity = 'one';
    body.payment_details![0].amount = '1.00';

    expect(checkSalesInvoiceRules(body).map((issue) => issue.field)).to.deep.equal(['items[0].quantity']);
  });
});
