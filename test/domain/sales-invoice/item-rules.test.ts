import { expect } from 'chai';
import { checkItems } from '../../../domain/sales-invoice/item-rules.ts';
import type { SalesInvoiceItem } from '../../../domain/sales-invoice/sales-invoice-body.ts';
import { INC8, IVA19, item } from './item.ts';

const issuesOf = (changes: Partial<SalesInvoiceItem>) => checkItems([{ ...item('100.00', '1.00', [IVA19]), ...changes }]);

describe('item rules', () => {
  it('given no items, then at least one is required', () => {
    expect(checkItems([])).to.deep.equal([{ field: 'items', message: 'must contain at least one item' }]);
    expect(checkItems(undefined)).to.deep.equal([{ field: 'items', message: 'must contain at least one item' }]);
  });

  it('given valid lines with INC, zero IVA and whole-number strings, then there is no issue', () => {
    expect(checkItems([item('100', '2', [INC8]), item('5.5', '0.25', [{ code: '01', rate: '0' }]), item('1.00')])).to.deep.equal([]);
  });

  it('given a price with 3 decimals, then the issue names the field and the limit', () => {
    expect(issuesOf({ price: '10.125' })).to.deep.equal([
      { field: 'items[0].price', message: 'has 3 decimals; at most 2 are allowed' },
    ]);
  });

  it('given negative amounts, then they must not be negative', () => {
    expect(issuesOf({ quantity: '-1.00', price: '-5', discount_rate: '-10' })).to.deep.equal([
      { field: 'items[0].quantity', message: 'must not be negative; got "-1.00"' },
      { field: 'items[0].price', message: 'must not be negative; got "-5"' },
      { field: 'items[0].discount_rate', message: 'must not be negative; got "-10"' },
    ]);
  });

  it('given values that are not plain decimals, then the expected notation is explained', () => {
    const issues = issuesOf({ price: '1e3', quantity: '1,5' });
    expect(issues.map((issue) => issue.field)).to.deep.equal(['items[0].quantity', 'items[0].price']);
    expect(issues[1].message).to.equal('must be a decimal string of digits with an optional dot, e.g. "10.00"; got "1e3"');
  });

  it('given a zero quantity, then it must be greater than 0', () => {
    expect(issuesOf({ quantity: '0.00' })).to.deep.equal([{ field: 'items[0].quantity', message: 'must be greater than 0' }]);
  });

  it('given a discount above 100 %, then it is refused; exactly 100 is fine', () => {
    expect(issuesOf({ discount_rate: '100.01' })).to.deep.equal([
      { field: 'items[0].discount_rate', message: 'is 100.01; a discount rate is at most 100' },
    ]);
    expect(issuesOf({ discount_rate: '100.00' })).to.deep.equal([]);
  });

  it('given missing quantity or price, then they are required', () => {
    const issues = checkItems([{ unit_measure_code: '94', standard_code: '999' } as SalesInvoiceItem]);
    expect(issues).to.deep.equal([
      { field: 'items[0].quantity', message: 'is required' },
      { field: 'items[0].price', message: 'is required' },
    ]);
  });

  it('given unknown unit measure and product standard codes, then the catalogs are named', () => {
    const issues = issuesOf({ unit_measure_code: 'XYZ', standard_code: '002' });
    expect(issues[0].field).to.equal('items[0].unit_measure_code');
    expect(issues[0].message).to.match(/^"XYZ" is not a unit measure code of the DIAN list; allowed: one of the 1089 codes/);
    expect(issues[1]).to.deep.equal({
      field: 'items[0].standard_code',
      message: '"002" is not a product standard code; allowed: 001 (UNSPSC), 010 (GTIN), 999 (Estándar de adopción del contribuyente), 020 (Partida Arancelaria)',
    });
    expect(issuesOf({ standard_code: '020' })).to.deep.equal([]);
  });

  it('given a tax not admitted on a line, then the admitted taxes are listed', () => {
    expect(issuesOf({ taxes: [{ code: '03', rate: '1.00' }] })).to.deep.equal([
      {
        field: 'items[0].taxes[0].code',
        message: '"03" is not a tax admitted on a sales invoice line; allowed: 01 (IVA), 04 (INC), 35 (ICUI)',
      },
    ]);
  });

  it('given a rate the tax does not have, then the allowed rates are listed', () => {
    expect(issuesOf({ taxes: [{ code: '01', rate: '18.00' }, { code: '04', rate: '19' }] })).to.deep.equal([
      { field: 'items[0].taxes[0].rate', message: 'is 18.00; 01 (IVA) admits the rates 0.00, 5.00, 16.00, 19.00' },
      { field: 'items[0].taxes[1].rate', message: 'is 19; 04 (INC) admits the rates 2.00, 4.00, 8.00, 16.00' },
    ]);
  });

  it('given a rate with 3 decimals or missing, then the rate field reports it', () => {
    expect(issuesOf({ taxes: [{ code: '01', rate: '19.000' }] })).to.deep.equal([
      { field: 'items[0].taxes[0].rate', message: 'has 3 decimals; at most 2 are allowed' },
    ]);
    expect(issuesOf({ taxes: [{ code: '01' } as never] })).to.deep.equal([
      { field: 'items[0].taxes[0].rate', message: 'is required' },
    ]);
  });

  it('given the same tax twice on a line, then the second is refused', () => {
    expect(issuesOf({ taxes: [IVA19, INC8, { code: '01', rate: '5.00' }] })).to.deep.equal([
      {
        field: 'items[0].taxes[2].code',
        message: '"01" is already on this line at taxes[0]; a tax may appear at most once per line',
      },
    ]);
  });

  it('given issues on a later line, then the path carries its index', () => {
    const issues = checkItems([item('1.00'), item('1.001')]);
    expect(issues).to.deep.equal([{ field: 'items[1].price', message: 'has 3 decimals; at most 2 are allowed' }]);
  });
});
