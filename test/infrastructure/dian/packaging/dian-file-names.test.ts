import { expect } from 'chai';
import { dianFileNames } from '../../../../infrastructure/dian/packaging/dian-file-names.ts';

describe('DIAN file names', () => {
  it('names payroll files as the payroll annex examples: nie + NIT(10) + yy + 8 hex, ZIP z + the same', () => {
    expect(dianFileNames({ kind: 'payroll', nit: '800197268', year: 2020, consecutive: 12 })).to.deep.equal({
      xml: 'nie0800197268200000000C.xml',
      zip: 'z0800197268200000000C.zip',
    });
    expect(dianFileNames({ kind: 'payroll-adjustment', nit: '800197268', year: 2026, consecutive: 1 }).xml).to.equal('niae080019726826' + '00000001.xml');
  });

  it('names sales-family files with the own-software provider code 000 and a upper-case hexadecimal consecutive', () => {
    expect(dianFileNames({ kind: 'sales-invoice', nit: '900123456', year: 2026, consecutive: 255 })).to.deep.equal({
      xml: 'fv090012345600026000000FF.xml',
      zip: 'z090012345600026000000FF.zip',
    });
    expect(dianFileNames({ kind: 'credit-note', nit: '900123456', year: 2026, consecutive: 1 }).xml).to.match(/^nc0900123456000260{7}1\.xml$/);
    expect(dianFileNames({ kind: 'debit-note', nit: '900123456', year: 2026, consecutive: 1 }).xml).to.match(/^nd/);
    expect(dianFileNames({ kind: 'application-response', nit: '900123456', year: 2026, consecutive: 1 }).xml).to.match(/^ar/);
  });

  it('refuses a NIT longer than 10 digits and a consecutive outside 1..ffffffff, naming the value', () => {
    expect(() => dianFileNames({ kind: 'sales-invoice', nit: '12345678901', year: 2026, consecutive: 1 })).to.throw('12345678901');
    expect(() => dianFileNames({ kind: 'sales-invoice', nit: '900123456', year: 2026, consecutive: 0 })).to.throw('got 0');
  });
});
