import { expect } from 'chai';
import { checkSupportDocumentItems } from '../../../domain/support-document/support-document-item-rules.ts';
import type { SupportDocumentItem } from '../../../domain/support-document/support-document-body.ts';
import { IVA19, IVA5 } from '../sales-invoice/item.ts';
import { RETE_IVA_15, RETE_RENTA_3_5, supportDocumentItem } from './valid-support-document-body.ts';

const issuesOf = (changes: Partial<SupportDocumentItem>) => checkSupportDocumentItems([{ ...supportDocumentItem(), ...changes }]);
const ONLY_IVA = 'only 01 (IVA) is admitted as a tax on a support document line';

describe('support document item rules', () => {
  it('given the Factus example line, or lines with ReteIVA, IVA 5 % or no tax at all, then there is no issue', () => {
    expect(issuesOf({})).to.deep.equal([]);
    expect(checkSupportDocumentItems([
      supportDocumentItem('100.00', '1.00', [IVA19], [RETE_IVA_15, RETE_RENTA_3_5]),
      supportDocumentItem('100.00', '1.00', [IVA5], []),
      supportDocumentItem('100.00', '1.00', [], [{ code: '06', rate: '11' }]),
      { quantity: '1', price: '1' } as SupportDocumentItem,
    ])).to.deep.equal([]);
  });

  it('given no items, then at least one is required', () => {
    expect(checkSupportDocumentItems([])).to.deep.equal([{ field: 'items', message: 'must contain at least one item' }]);
  });

  it('given INC or ICUI on a line, then the tax is named and only IVA is said to be admitted', () => {
    expect(issuesOf({ taxes: [IVA19, { code: '04', rate: '8.00' }, { code: '35', rate: '10.00' }] })).to.deep.equal([
      { field: 'items[0].taxes[1].code', message: `"04" (INC) is not admitted: ${ONLY_IVA}` },
      { field: 'items[0].taxes[2].code', message: `"35" (ICUI) is not admitted: ${ONLY_IVA}` },
    ]);
  });

  it('given ICA or an unknown code as a tax, then it is refused the same way', () => {
    expect(issuesOf({ taxes: [{ code: '03', rate: '1.00' }, { code: '99', rate: '1.00' }] })).to.deep.equal([
      { field: 'items[0].taxes[0].code', message: `"03" (ICA) is not admitted: ${ONLY_IVA}` },
      { field: 'items[0].taxes[1].code', message: `"99" is not admitted: ${ONLY_IVA}` },
    ]);
  });

  it('given a withholding sent as a tax, then it is pointed to withholding_taxes', () => {
    expect(issuesOf({ taxes: [{ code: '06', rate: '3.50' }], withholding_taxes: [] })).to.deep.equal([
      {
        field: 'items[0].taxes[0].code',
        message: `"06" (ReteRenta, retención sobre la renta) is a withholding, not a tax: send it in withholding_taxes; ${ONLY_IVA}`,
      },
    ]);
  });

  it('given an IVA rate DIAN does not have, or IVA twice, then the sales-invoice tax rules still apply', () => {
    expect(issuesOf({ taxes: [{ code: '01', rate: '18.00' }] })).to.deep.equal([
      { field: 'items[0].taxes[0].rate', message: 'is 18.00; 01 (IVA) admits the rates 0.00, 5.00, 16.00, 19.00' },
    ]);
    expect(issuesOf({ taxes: [IVA19, IVA5] })).to.deep.equal([
      { field: 'items[0].taxes[1].code', message: '"01" is already on this line at taxes[0]; a tax may appear at most once per line' },
    ]);
  });

  it('given the sales-invoice line rules broken, then they are reported with the same messages', () => {
    expect(issuesOf({ quantity: '0', discount_rate: '120' })).to.deep.equal([
      { field: 'items[0].quantity', message: 'must be greater than 0' },
      { field: 'items[0].discount_rate', message: 'is 120; a discount rate is at most 100' },
    ]);
  });

  it('given an unknown withholding code, then 05 and 06 are listed', () => {
    expect(issuesOf({ withholding_taxes: [{ code: '07', rate: '1.00' }] })).to.deep.equal([
      {
        field: 'items[0].withholding_taxes[0].code',
        message: '"07" is not a withholding admitted on a support document line; allowed: 05 (ReteIVA, retención sobre el IVA), 06 (ReteRenta, retención sobre la renta)',
      },
    ]);
  });

  it('given the same withholding twice on a line, then the second is refused', () => {
    expect(issuesOf({ withholding_taxes: [RETE_RENTA_3_5, { code: '06', rate: '2.50' }] })).to.deep.equal([
      {
        field: 'items[0].withholding_taxes[1].code',
        message: '"06" is already on this line at withholding_taxes[0]; a withholding may appear at most once per line',
      },
    ]);
  });

  it('given a withholding rate above 100, negative, with 3 decimals or missing, then the rate field says so', () => {
    const rate = (value: string | undefined) => issuesOf({ withholding_taxes: [{ code: '06', rate: value as string }] });
    expect(rate('100.01')).to.deep.equal([{ field: 'items[0].withholding_taxes[0].rate', message: 'is 100.01; a withholding rate is at most 100' }]);
    expect(rate('-1')).to.deep.equal([{ field: 'items[0].withholding_taxes[0].rate', message: 'must not be negative; got "-1"' }]);
    expect(rate('3.505')).to.deep.equal([{ field: 'items[0].withholding_taxes[0].rate', message: 'has 3 decimals; at most 2 are allowed' }]);
    expect(rate(undefined)).to.deep.equal([{ field: 'items[0].withholding_taxes[0].rate', message: 'is required' }]);
    expect(rate('100')).to.deep.equal([]);
    expect(rate('0')).to.deep.equal([]);
  });

  it('given ReteIVA on a line without IVA, then it is refused because its base is the line IVA', () => {
    expect(issuesOf({ taxes: [], withholding_taxes: [RETE_IVA_15] })).to.deep.equal([
      {
        field: 'items[0].withholding_taxes[0].code',
        message: '"05" (ReteIVA) withholds part of the line\'s IVA, and this line has no 01 (IVA) in taxes; add the IVA or remove the withholding',
      },
    ]);
  });

  it('given issues on a later line, then the path carries its index', () => {
    const issues = checkSupportDocumentItems([supportDocumentItem(), supportDocumentItem('1.00', '1.00', [IVA19], [{ code: '05', rate: 'x' }])]);
    expect(issues.map((issue) => issue.field)).to.deep.equal(['items[1].withholding_taxes[0].rate']);
  });
});
