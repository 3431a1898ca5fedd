import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PAYROLL_TEST_SET_ID, DEFAULT_TEST_SET_ID, startDianDouble, type DianDouble } from '../../support/dian-double/dian-double.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `dian test-set run` as an operator runs it (a child process), against the DIAN double over HTTP. */
describe('habilitación: `dian test-set run` against the DIAN double (child processes)', function () {
  this.timeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-dian-test-set-'));
  let double: DianDouble;
  const cli = (args: string[]) =>
    new Promise<Run>((done) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'infrastructure/cli/main.ts', ...args],
        { cwd: ROOT, env: { ...process.env, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SECRETS_KEY, DIAN_URL: double.url, DIAN_TIMEOUT_MS: '5000' }, timeout: 90_000 },
        (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });

  async function company(nit: string): Promise<string> {
    const created = await cli(['tenants', 'create', '--nit', nit, '--name', 'HALLTEC S.A.S.', '--json']);
    expect(created.code, created.stderr).to.equal(0);
    const tenantId = JSON.parse(created.stdout).id as string;
    const profile = await cli(['tenants', 'update', tenantId, '--address', 'Carrera 7 # 26-20', '--municipality', '11001', '--organization-type', '1', '--tax-scheme', '01', '--responsibilities', 'R-99-PN', '--email', 'fe@halltec.example']);
    expect(profile.code, profile.stderr).to.equal(0);
    const software = await cli(['software', 'set', '--tenant', tenantId, '--env', 'test', '--id', 'a1b2c3d4-0000-4000-8000-000000000001', '--pin', '24680', '--test-set-id', DEFAULT_TEST_SET_ID, '--payroll-test-set-id', DEFAULT_PAYROLL_TEST_SET_ID]);
    expect(software.code, software.stderr).to.equal(0);
    return tenantId;
  }

  afterEach(() => double.close());
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given the double accepts every document, then progress is shown, each document is printed with its number, unique code and answer, the double says Aceptado, and the exit code is 0', async () => {
    double = await startDianDouble({ zipPendingPolls: 2 });
    const tenantId = await company('900825759-7');
    const run = await cli(['dian', 'test-set', 'run', '--tenant', tenantId, '--invoices', '2', '--credit-notes', '1', '--debit-notes', '1', '--poll-ms', '20']);
    expect(run.code, `${run.stdout}\n${run.stderr}`).to.equal(0);
    // Not a terminal: the progress bar falls back to plain lines on stderr.
    expect(run.stderr).to.match(/sending sales-invoice/).and.to.match(/waiting for DIAN/);
    const uploads = double.requests.filter((request) => request.operation === 'SendTestSetAsync');
    expect(uploads).to.have.length(4);
    expect(uploads.every((upload) => upload.testSetId === DEFAULT_TEST_SET_ID && upload.zipEntries.length === 1)).to.equal(true);
    expect(double.failedChecks().map(({ check }) => `${check.name}: ${check.detail ?? ''}`)).to.deep.equal([]);
    for (const upload of uploads) {
      const [document] = upload.documents;
      expect(run.stdout).to.contain(document.number).and.to.contain(document.uniqueCode);
    }
    expect(double.testSet(DEFAULT_TEST_SET_ID)?.status).to.equal('Aceptado');
    const status = await cli(['dian', 'test-set', 'status', '--tenant', tenantId, '--json']);
    expect(status.code, status.stderr).to.equal(0);
    expect(JSON.parse(status.stdout).documents).to.have.length(4);
  });

  it('given the double rejects the credit note, then the exit code is non-zero and the failing document is listed with DIAN\'s rules', async () => {
    double = await startDianDouble({ zipPendingPolls: 1, testSet: { id: DEFAULT_TEST_SET_ID, required: { Invoice: 2, CreditNote: 2, DebitNote: 1 } } });
    double.script((document) => (document.type === 'CreditNote' ? 'rejected' : undefined));
    const tenantId = await company('901234567-7');
    const run = await cli(['dian', 'test-set', 'run', '--tenant', tenantId, '--invoices', '2', '--credit-notes', '1', '--debit-notes', '1', '--poll-ms', '20', '--json']);
    expect(run.code, run.stderr).to.not.equal(0);
    const credit = double.requests.find((request) => request.operation === 'SendTestSetAsync' && request.documents[0]?.type === 'CreditNote')!.documents[0];
    expect(run.stdout).to.contain(credit.number).and.to.contain('FAK24');
    const printed = await cli(['dian', 'test-set', 'status', '--tenant', tenantId]);
    expect(printed.stdout).to.contain(credit.number).and.to.contain('FAK24');
  });

  it('given the payroll test set and DIAN\'s numbering ranges, then `--payroll` sends payrolls with the payroll test-set id and `resolutions sync` registers the SETP range once', async () => {
    double = await startDianDouble({ zipPendingPolls: 1 });
    const tenantId = await company('800197268-4');
    const payroll = await cli(['dian', 'test-set', 'run', '--tenant', tenantId, '--payroll', '--payrolls', '1', '--payroll-adjustments', '1', '--poll-ms', '20']);
    expect(payroll.code, `${payroll.stdout}\n${payroll.stderr}`).to.equal(0);
    const uploads = double.requests.filter((request) => request.operation === 'SendTestSetAsync');
    expect(uploads.map((upload) => upload.testSetId)).to.deep.equal([DEFAULT_PAYROLL_TEST_SET_ID, DEFAULT_PAYROLL_TEST_SET_ID]);
    expect(uploads.map((upload) => upload.zipEntries[0].slice(0, 4))).to.deep.equal(['nie0', 'niae']);

    const first = await cli(['resolutions', 'sync', '--tenant', tenantId, '--env', 'test']);
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stdout).to.contain('SETP').and.to.contain('18760000001');
    const second = await cli(['resolutions', 'sync', '--tenant', tenantId, '--env', 'test', '--json']);
    expect(second.code, second.stderr).to.equal(0);
    const listed = await cli(['resolutions', 'list', '--tenant', tenantId, '--env', 'test', '--json']);
    const setp = (JSON.parse(listed.stdout).data as Array<{ prefix: string }>).filter((resolution) => resolution.prefix === 'SETP');
    expect(setp).to.have.length(1);
    expect(double.requests.filter((request) => request.operation === 'GetNumberingRange')).to.have.length(2);
  });
});
