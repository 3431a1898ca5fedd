import { expect } from 'chai';
import { expectedCude } from '../../../support/family-test-helpers.ts';

/**
 * The family tests compare the service's CUDE with one recomputed by the test itself (family-test-helpers.ts), not by
 * the service's own code; this pins that recomputation to the DIAN annex vectors of reference §2.2 / §11 (V2, V4).
 */
describe('the tests’ own CUDE recomputation reproduces the DIAN annex vectors', () => {
  const note = (fields: { number: string; date: string; time: string; base: string; iva: string; inc: string; payable: string; nit: string; acquirer: string }) => ({
    number: fields.number,
    issue_date: fields.date,
    issue_time: fields.time,
    issuer: { nit: fields.nit },
    customer: { identification: fields.acquirer },
    totals: {
      line_extension_amount: fields.base,
      payable_amount: fields.payable,
      tax_totals: [
        ...(fields.iva !== '0.00' ? [{ code: '01', tax_amount: fields.iva }] : []),
        ...(fields.inc !== '0.00' ? [{ code: '04', tax_amount: fields.inc }] : []),
      ],
    },
  });

  it('V2: credit note 8110007871, PIN 12301, production', () => {
    const record = note({ number: '8110007871', date: '2019-01-12', time: '07:00:00-05:00', base: '5000.00', iva: '950.00', inc: '0.00', payable: '5950.00', nit: '900373076', acquirer: '8355990' });

    expect(expectedCude(record, '1', '12301')).to.equal('907e4444decc9e59c160a2fb3b6659b33dc5b632a5008922b9a62f83f757b1c448e47f5867f2b50dbdb96f48c7681168');
  });

  it('V4: debit note ND1001 with INC, PIN 10201, testing', () => {
    const record = note({ number: 'ND1001', date: '2019-01-18', time: '10:58:00-05:00', base: '30000.00', iva: '0.00', inc: '2400.00', payable: '32400.00', nit: '900197264', acquirer: '10254102' });

    expect(expectedCude(record, '2', '10201')).to.equal('3fa73a86d57d9341c536afde1f85c4efd9d4591c2c22bce4dfb0e6b0d2e83b8f047a8bde7098292e9d2493e60d1c31da');
  });
});
