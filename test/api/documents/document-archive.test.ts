import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import pino from 'pino';
import { ArchiveTooLargeError } from '../../../application/documents/artifact-errors.ts';
import { DocumentArchive } from '../../../application/documents/document-archive.ts';
import { FAMILY_PATH_NAMES } from '../../../application/representations/document-bases.ts';
import { familyNamed } from '../../../domain/documents/families/index.ts';
import { xmllint } from '../../support/artifacts/xml-schema.ts';
import { REJECTED_IDENTIFICATION, create, issueValidated, noteBody, record } from '../../support/family-test-helpers.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { download } from './artifacts/artifact-http.ts';
import { BASES, FAMILIES, FORMATS, issueOneOfEach, type IssuedFamily } from './artifacts/issued-documents.ts';

const ARCHIVE = '/v1/documents/archive';
const FILE_NAMES: Record<string, (number: string) => string> = {
  xml: (number) => `${number}.xml`,
  'attached-xml': (number) => `ad${number}.xml`,
  pdf: (number) => `${number}.pdf`,
};

const scratch = mkdtempSync(join(tmpdir(), 'archive-test-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Info-ZIP's own check of every entry's CRC: an archive another program reads, not only ours. */
function unzipTest(bytes: Buffer): { status: number | null; output: string } {
  const file = join(scratch, `${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.zip`);
  writeFileSync(file, bytes);
  const run = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('GET /v1/documents/archive: a period\'s documents as one ZIP', function () {
  this.timeout(120_000);
  let app: TestApp;
  let tenant: TestTenant;
  let issued: Record<IssuedFamily, Record<string, any>>;
  let period: string;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    issued = await issueOneOfEach(app, tenant.key);
    await create(app, 'sales-invoice', tenant.key, sampleInvoice({ identification: REJECTED_IDENTIFICATION }));
    await app.settle();
    period = `from=${issued['sales-invoice'].issue_date}&to=${issued['sales-invoice'].issue_date}`;
  });
  after(() => app.close());

  async function archive(query: string, key = tenant.key): Promise<{ status: number; headers: Headers; bytes: Buffer; files: Record<string, Uint8Array>; problem?: any }> {
    const response = await fetch(`${app.baseUrl}${ARCHIVE}?${query}`, { headers: { Authorization: `Bearer ${key}` } });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) return { status: response.status, headers: response.headers, bytes, files: {}, problem: JSON.parse(bytes.toString('utf8')) };
    return { status: response.status, headers: response.headers, bytes, files: unzipSync(bytes) };
  }

  const indexOf = (files: Record<string, Uint8Array>): Array<Record<string, string>> =>
    parse(Buffer.from(files['indice.csv']).toString('utf8'), { columns: true, bom: true });

  it('holds every format of every family the seed lists (but the e-mail ZIP), in a folder per family, and an index whose hashes match', async () => {
    const answer = await archive(period);

    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.equal('application/zip');
    expect(answer.headers.get('content-disposition')).to.equal(`attachment; filename="documentos-${issued['sales-invoice'].issue_date}-${issued['sales-invoice'].issue_date}.zip"`);
    const expected = FAMILIES.flatMap((family) => FORMATS[family].filter((format) => format !== 'zip')
      .map((format) => `${FAMILY_PATH_NAMES[familyNamed(family).name]}/${FILE_NAMES[format](issued[family].number)}`));
    expect(Object.keys(answer.files).sort()).to.deep.equal([...expected, 'indice.csv'].sort());
    const unzip = unzipTest(answer.bytes);
    expect(unzip.status, unzip.output).to.equal(0);

    const index = indexOf(answer.files);
    expect(index.map((row) => row.file).sort()).to.deep.equal([...expected].sort());
    for (const row of index) {
      expect(row.sha256, row.file).to.equal(createHash('sha256').update(answer.files[row.file]).digest('hex'));
      const family = FAMILIES.find((each) => FAMILY_PATH_NAMES[familyNamed(each).name] === row.family)!;
      expect(row).to.include({ number: issued[family].number, unique_code: issued[family][familyNamed(family).uniqueCodeName], document_id: issued[family].id });
    }
    const invoiceRow = index.find((row) => row.file.endsWith(`/${issued['sales-invoice'].number}.xml`))!;
    expect(invoiceRow).to.include({ payable_amount: '83300.00', counterparty_identification: '2222222221', issue_date: issued['sales-invoice'].issue_date });
  });

  it('serves each file as its own download does, and the XML passes DIAN\'s XSD', async () => {
    const { files } = await archive(`${period}&family=sales-invoices`);
    const number = issued['sales-invoice'].number;

    for (const format of ['xml', 'attached-xml', 'pdf'] as const) {
      const single = await download(app, BASES['sales-invoice'], issued['sales-invoice'].id, format, tenant.key);
      const archived = Buffer.from(files[`sales-invoices/${FILE_NAMES[format](number)}`]);
      if (format === 'pdf') expect(archived.subarray(0, 5).toString()).to.equal('%PDF-');
      else expect(archived.toString('utf8'), format).to.equal(single.bytes.toString('utf8'));
    }
    const lint = xmllint(Buffer.from(files[`sales-invoices/${number}.xml`]).toString('utf8'));
    expect(lint.status, lint.output).to.equal(0);
  });

  it('given one family and some formats, then only those files', async () => {
    const { files } = await archive(`${period}&family=sales-invoices&formats=xml`);
    expect(Object.keys(files).sort()).to.deep.equal(['indice.csv', `sales-invoices/${issued['sales-invoice'].number}.xml`]);

    const payrolls = await archive(`${period}&formats=pdf,xml&family=payrolls`);
    expect(Object.keys(payrolls.files).sort()).to.deep.equal(['indice.csv', `payrolls/${issued.payroll.number}.xml`]);
  });

  it('leaves out what DIAN did not accept, other periods and other companies', async () => {
    const { files } = await archive(`${period}&family=sales-invoices&formats=xml`);
    expect(indexOf(files).map((row) => row.number)).to.deep.equal([issued['sales-invoice'].number]);

    const other = await app.createTenant();
    const theirs = await archive(period, other.key);
    expect(Object.keys(theirs.files)).to.deep.equal(['indice.csv']);
    expect(indexOf(theirs.files)).to.deep.equal([]);
    expect(unzipTest(theirs.bytes).status).to.equal(0);

    const before = await archive('from=2020-01-01&to=2020-01-31');
    expect(Object.keys(before.files)).to.deep.equal(['indice.csv']);
  });

  it('keeps an invoice annulled by a credit note: DIAN accepted it', async () => {
    const fresh = await app.createTenant();
    const invoice = await issueValidated(app, 'sales-invoice', fresh.key, sampleInvoice());
    await issueValidated(app, 'credit-note', fresh.key, noteBody({ concept: '2', bill_number: invoice.number }));
    expect((await record(app, 'sales-invoice', fresh.key, invoice.id)).status).to.equal('voided');

    const { files } = await archive(`from=${invoice.issue_date}&to=${invoice.issue_date}&family=sales-invoices&formats=xml`, fresh.key);

    expect(Object.keys(files)).to.include(`sales-invoices/${invoice.number}.xml`);
  });

  it('refuses bad parameters with 400 naming each, before any byte', async () => {
    const fields = async (query: string) => {
      const answer = await archive(query);
      expect(answer.status, query).to.equal(400);
      expect(answer.problem.code).to.equal('validation_failed');
      return answer.problem.errors as Array<{ field: string; message: string }>;
    };

    expect((await fields('to=2026-01-31')).map((e) => e.field)).to.deep.equal(['from']);
    expect((await fields('from=2026-02-30&to=2026-01-31')).map((e) => e.field)).to.deep.equal(['from']);
    expect((await fields('from=2026-02-01&to=2026-01-31')).map((e) => e.field)).to.deep.equal(['from']);
    expect((await fields('from=2026-01-01&to=2026-01-31&format=csv')).map((e) => e.field)).to.deep.equal(['format']);
    const [zip] = await fields('from=2026-01-01&to=2026-01-31&formats=xml,zip');
    expect(zip.message).to.contain('the archive is itself a ZIP');
    const [payroll] = await fields('from=2026-01-01&to=2026-01-31&family=payrolls&formats=pdf');
    expect(payroll).to.deep.equal({ field: 'formats', message: 'a payroll has none of pdf; its files are xml' });
    expect((await fields('from=2026-01-01&to=2026-01-31&family=receipts')).map((e) => e.field)).to.deep.equal(['family']);
  });

  it('refuses a period holding more documents than one archive may, naming both figures', async () => {
    const small = new DocumentArchive(app.container.documents, app.container.getDocument, app.container.provider, pino({ level: 'silent' }), { pageSize: 50, maxDocuments: 3 });
    const scope = { tenantId: tenant.tenantId, environment: 'test' };
    const query = { from: issued['sales-invoice'].issue_date, to: issued['sales-invoice'].issue_date, families: FAMILIES.map((family) => ({ family: familyNamed(family), formats: ['xml' as const] })) };

    let refused: unknown;
    await small.checkSize(query, scope).catch((error: unknown) => (refused = error));

    expect(refused).to.be.instanceOf(ArchiveTooLargeError);
    expect(refused).to.include({ documents: 7, limit: 3 });
    await new DocumentArchive(app.container.documents, app.container.getDocument, app.container.provider, pino({ level: 'silent' }), { pageSize: 50, maxDocuments: 7 }).checkSize(query, scope);
  });
});
