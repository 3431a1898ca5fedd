import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const STACK_FRAME = /\n\s+at .+:\d+/;
const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** What of the DIAN commands needs no DIAN: arguments, settings and the recorded runs (the DIAN double's tests come with the SOAP client). */
describe('operator CLI: dian test-set and resolutions sync, arguments and status (child processes)', function () {
  this.timeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-dian-cli-'));
  const cli = (args: string[], env: Record<string, string> = {}) =>
    new Promise<Run>((done) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'infrastructure/cli/main.ts', ...args],
        // Up to seven start at once, each loading the whole CLI: on two cores busy with the rest of the suite one took
        // over 20 s (killed, its stderr empty). A killed run says so.
        { cwd: ROOT, env: { ...process.env, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SECRETS_KEY, ...env }, timeout: 50_000 },
        (error, stdout, stderr) =>
          done({
            code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
            stdout,
            stderr: error?.killed ? `${stderr}(killed: no exit within 50 s)` : stderr,
          }),
      );
    });
  let tenantId: string;

  before(async () => {
    tenantId = JSON.parse((await cli(['tenants', 'create', '--nit', '900825759-7', '--name', 'HALLTEC S.A.S.', '--json'])).stdout).id;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given no run yet, then `dian test-set status` says so (and --json prints null)', async () => {
    const [text, json, payroll] = await Promise.all([
      cli(['dian', 'test-set', 'status', '--tenant', tenantId]),
      cli(['dian', 'test-set', 'status', '--tenant', tenantId, '--json']),
      cli(['dian', 'test-set', 'status', '--tenant', tenantId, '--payroll']),
    ]);
    expect(text.code, text.stderr).to.equal(0);
    expect(text.stdout).to.equal(`no test set run yet for tenant ${tenantId}\n`);
    expect(JSON.parse(json.stdout)).to.equal(null);
    expect(payroll.stdout).to.equal(`no payroll test set run yet for tenant ${tenantId}\n`);
  });

  it('given bad arguments or settings, then each command exits non-zero naming the flag or variable, without a stack trace', async () => {
    const runs = await Promise.all([
      cli(['dian', 'test-set', 'run', '--tenant', tenantId, '--invoices', 'many']),
      cli(['dian', 'test-set', 'run', '--tenant', tenantId, '--payrolls', '2']),
      cli(['dian', 'test-set', 'run', '--tenant', tenantId, '--first-number', '12']),
      cli(['dian', 'test-set', 'run', '--tenant', tenantId], { DIAN_TIMEOUT_MS: 'soon' }),
      cli(['dian', 'test-set', 'status', '--tenant', 'no-such-tenant']),
      cli(['resolutions', 'sync', '--tenant', tenantId, '--env', 'live', '--family', 'bogus']),
      cli(['resolutions', 'sync', '--tenant', tenantId, '--env', 'prod']),
    ]);
    const messages = [
      '--invoices: must be a whole number from 0 to 500, not "many"',
      '--payrolls and --payroll-adjustments need --payroll',
      '--first-number: must be a whole number from 990000000 to 995000000, not "12"',
      'invalid configuration: DIAN_TIMEOUT_MS',
      '--tenant: no tenant no-such-tenant',
      '--family: must be one of sales-invoice',
      '--env: must be test or live, not "prod"',
    ];
    runs.forEach((run, index) => {
      expect(run.code, run.stderr).to.not.equal(0);
      expect(run.stderr).to.contain(messages[index]);
      expect(run.stderr).to.not.match(STACK_FRAME);
    });
  });
});
