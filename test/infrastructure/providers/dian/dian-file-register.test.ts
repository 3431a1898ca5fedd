import { expect } from 'chai';
import { payrollFamily, salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { DianFileRegister } from '../../../../infrastructure/providers/dian/dian-file-register.ts';
import { sentDocument } from '../../../support/dian/dian-provider-fixtures.ts';
import { openTempStores, type TempStores } from '../../../support/fixtures.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';

describe('DIAN file names register', () => {
  let stores: TempStores;
  const in2026 = new Date('2026-05-06T15:00:00.000Z');
  const invoice = (tenantId = 'tenant-1') => sentDocument(salesInvoiceFamily, sampleInvoice(), { tenantId });

  beforeEach(() => {
    stores = openTempStores();
  });
  afterEach(() => stores.dispose());

  it('given documents of a company, then the consecutive counts up per company and year (Colombian time), and a document keeps the names it got', async () => {
    const register = new DianFileRegister(stores.events);
    const first = invoice();
    const names = [await register.namesFor(first, in2026), await register.namesFor(invoice(), in2026), await register.namesFor(invoice('tenant-2'), in2026)];
    expect(names.map((named) => named.xml)).to.deep.equal(['fv09008257590002600000001.xml', 'fv09008257590002600000002.xml', 'fv09008257590002600000001.xml']);
    // 2027-01-01 00:30 UTC is still 2026 in Colombia; 05:00 UTC is the new year.
    expect((await register.namesFor(invoice(), new Date('2027-01-01T00:30:00.000Z'))).consecutive).to.equal(3);
    expect(await register.namesFor(invoice(), new Date('2027-01-01T05:00:00.000Z'))).to.include({ year: 2027, consecutive: 1, zip: 'z09008257590002700000001.zip' });
    const again = new DianFileRegister(stores.reopen().events);
    expect(await again.namesFor(first, new Date('2027-06-01T00:00:00.000Z'))).to.deep.equal(names[0]);
    const payroll = sentDocument(payrollFamily, validPayrollBody() as unknown as Record<string, unknown>);
    expect(await again.namesFor(payroll, in2026)).to.include({ xml: 'nie09008257592600000004.xml', zip: 'z09008257592600000004.zip' });
  });

  it('given two instances taking consecutives at once, then none is taken twice and none is skipped', async () => {
    const instances = [new DianFileRegister(stores.events), new DianFileRegister(stores.reopen().events), new DianFileRegister(stores.reopen().events)];
    const taken = await Promise.all(Array.from({ length: 30 }, (_, index) => instances[index % 3].namesFor(invoice(), in2026)));
    const consecutives = taken.map((named) => named.consecutive).sort((a, b) => a - b);
    expect(consecutives).to.deep.equal(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(new Set(taken.map((named) => named.xml)).size).to.equal(30);
  });
});
