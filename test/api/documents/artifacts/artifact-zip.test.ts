import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { download } from './artifact-http.ts';
import { BASES, issueOneOfEach, type IssuedFamily } from './issued-documents.ts';

const PACKAGED = [
  { family: 'sales-invoice', typeCode: '01' },
  { family: 'credit-note', typeCode: '91' },
  { family: 'debit-note', typeCode: '92' },
] as const;

describe('zip: the e-mail package with the AttachedDocument and the PDF, and the DIAN subject', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let issued: Record<IssuedFamily, Record<string, any>>;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    issued = await issueOneOfEach(app, tenant.key);
  });
  after(() => app.close());

  for (const { family, typeCode } of PACKAGED) {
    it(`${family}: holds exactly ad<number>.xml and <number>.pdf, the same bytes as the attached-xml and pdf downloads`, async () => {
      const { id, number } = issued[family];
      const zip = await download(app, BASES[family], id, 'zip', tenant.key);

      const entries = unzipSync(new Uint8Array(zip.bytes));

      expect(Object.keys(entries).sort()).to.deep.equal([`${number}.pdf`, `ad${number}.xml`].sort());
      const attached = await download(app, BASES[family], id, 'attached-xml', tenant.key);
      const pdf = await download(app, BASES[family], id, 'pdf', tenant.key);
      expect(Buffer.from(entries[`ad${number}.xml`]).equals(attached.bytes)).to.equal(true);
      expect(Buffer.from(entries[`${number}.pdf`]).equals(pdf.bytes)).to.equal(true);
    });

    it(`${family}: X-Email-Subject decodes to NIT;Legal name;Number;${typeCode};Trade name`, async () => {
      const { id, number, issuer } = issued[family];

      const zip = await download(app, BASES[family], id, 'zip', tenant.key);

      const header = zip.headers.get('x-email-subject')!;
      expect(header).to.match(/^[A-Za-z0-9%._~!*'()-]+$/);
      expect(decodeURIComponent(header)).to.equal(`${issuer.nit};${issuer.legal_name};${number};${typeCode};${issuer.trade_name}`);
    });
  }

  it('only the zip answer carries X-Email-Subject', async () => {
    const { id } = issued['sales-invoice'];

    for (const format of ['xml', 'attached-xml', 'pdf']) {
      expect((await download(app, BASES['sales-invoice'], id, format, tenant.key)).headers.get('x-email-subject'), format).to.equal(null);
    }
  });

  it('the entries are stamped with the document’s issue date and time, not the moment of the download', async () => {
    const { id, issue_date: date, issue_time: time } = issued['sales-invoice'];
    const zip = (await download(app, BASES['sales-invoice'], id, 'zip', tenant.key)).bytes;

    const dosTime = zip.readUInt16LE(10);
    const dosDate = zip.readUInt16LE(12);

    const [year, month, day] = date.split('-').map(Number);
    const [hours, minutes, seconds] = time.slice(0, 8).split(':').map(Number);
    expect(dosDate).to.equal(((year - 1980) << 9) | (month << 5) | day);
    expect(dosTime).to.equal((hours << 11) | (minutes << 5) | (seconds >> 1));
  });
});
