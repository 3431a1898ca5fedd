import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { http } from '../../support/http.ts';
import { startService, type ServiceProcess } from '../../support/service-process.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const STACK_FRAME = /\n\s+at .+:\d+/;
const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('operator CLI: resolutions and software (child processes), with the service issuing on them', function () {
  this.timeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-numbering-cli-'));
  const cli = (args: string[], env: Record<string, string> = { SECRETS_KEY }) =>
    new Promise<Run>((done) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'infrastructure/cli/main.ts', ...args],
        { cwd: ROOT, env: { ...process.env, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }, timeout: 20_000 },
        (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
  let tenantId: string;
  let key: string;
  let resolutionId: string;
  let service: ServiceProcess | undefined;

  before(async () => {
    tenantId = JSON.parse((await cli(['tenants', 'create', '--nit', '900825759-7', '--name', 'HALLTEC S.A.S.', '--json'])).stdout).id;
    key = JSON.parse((await cli(['keys', 'create', '--tenant', tenantId, '--env', 'test', '--scopes', 'invoices:read,invoices:write', '--json'])).stdout).key;
  });
  after(() => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given bad arguments, then each command exits non-zero naming the flag, without a stack trace', async () => {
    const base = ['resolutions', 'add', '--tenant', tenantId, '--env', 'test', '--family', 'sales-invoice', '--prefix', 'FEB', '--number', '18764000001'];
    const [fromText, reversed, badEnv, unknownTenant, noKey] = await Promise.all([
      cli([...base, '--from', 'one', '--to', '3', '--valid-from', '2026-01-01', '--valid-to', '2099-12-31']),
      cli([...base, '--from', '1', '--to', '3', '--valid-from', '2099-01-01', '--valid-to', '2026-12-31']),
      cli(['resolutions', 'list', '--tenant', tenantId, '--env', 'prod']),
      cli(['resolutions', 'list', '--tenant', 'no-such-tenant']),
      cli(['software', 'set', '--tenant', tenantId, '--env', 'live', '--id', 'soft-1', '--pin', '12345'], { SECRETS_KEY: '' }),
    ]);
    expect(fromText.stderr).to.contain('--from: must be a positive whole number, not "one"');
    expect(reversed.stderr).to.contain('--valid-to: must not be before valid_from (2099-01-01)');
    expect(badEnv.stderr).to.contain('--env: must be test or live, not "prod"');
    expect(unknownTenant.stderr).to.contain('--tenant: no tenant no-such-tenant');
    expect(noKey.stderr).to.contain('SECRETS_KEY is not set: it is required to seal the software PIN');
    for (const run of [fromText, reversed, badEnv, unknownTenant, noKey]) {
      expect(run.code).to.not.equal(0);
      expect(run.stderr).to.not.match(STACK_FRAME);
    }
  });

  it('given `resolutions add` FEB 1..3 and `software set`, then both are recorded; `software show` masks the PIN', async () => {
    const added = await cli(['resolutions', 'add', '--tenant', tenantId, '--env', 'test', '--family', 'sales-invoice', '--prefix', 'FEB', '--from', '1', '--to', '3',
      '--number', '18764000001', '--valid-from', '2026-01-01', '--valid-to', '2099-12-31', '--technical-key', 'abc123', '--json']);
    expect(added.code, added.stderr).to.equal(0);
    const resolution = JSON.parse(added.stdout);
    expect(resolution).to.include({ prefix: 'FEB', from: 1, to: 3, number: '18764000001', status: 'active', has_technical_key: true });
    expect(added.stdout).to.not.contain('abc123');
    resolutionId = resolution.id;
    const set = await cli(['software', 'set', '--tenant', tenantId, '--env', 'test', '--id', 'soft-test-1', '--pin', '98765', '--test-set-id', 'set-1', '--payroll-test-set-id', 'set-ne-1']);
    expect(set.stdout).to.contain('software soft-test-1 set for test (PIN sealed)');
    const shown = await cli(['software', 'show', '--tenant', tenantId, '--json']);
    expect(JSON.parse(shown.stdout)).to.deep.equal([
      { environment: 'test', software_id: 'soft-test-1', pin: '*****', test_set_id: 'set-1', payroll_test_set_id: 'set-ne-1', updated_at: JSON.parse(shown.stdout)[0].updated_at, default: false },
    ]);
    expect((await cli(['software', 'show', '--tenant', tenantId, '--env', 'test'])).stdout).to.contain('test set set-1  payroll test set set-ne-1');
    expect(shown.stdout).to.not.contain('98765');
  });

  it('given the service, then three invoices are validated FEB1, FEB2, FEB3 and the fourth answers 422 numbering_unavailable', async () => {
    service = await startService(dataDir, { SECRETS_KEY, SANDBOX_DELAY_MS: '0' });
    const post = (i: number) => http(service!.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key, body: sampleInvoice(), headers: { 'Idempotency-Key': `cli-order-${i}` } });
    const ids = [];
    for (let i = 1; i <= 3; i += 1) ids.push((await post(i)).body.id);
    const fourth = await post(4);
    expect(fourth.status, fourth.text).to.equal(422);
    expect(fourth.body).to.include({ code: 'numbering_unavailable', family: 'sales-invoice', reason: 'exhausted' });
    const numbers: string[] = [];
    for (const id of ids) {
      for (let tries = 0; ; tries += 1) {
        const record: Record<string, string> = (await http(service!.baseUrl, 'GET', `/invoices/v1/sales-invoices/${id}`, { key })).body;
        if (record.status === 'validated') {
          numbers.push(record.number);
          break;
        }
        if (tries > 200) expect.fail(`invoice ${id} was not validated: ${record.status}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(numbers.sort()).to.deep.equal(['FEB1', 'FEB2', 'FEB3']);
    service.child.kill('SIGTERM');
    await service.exited;
  });

  it('given the range used up, then `resolutions list` shows the use and warns; `--json` carries the warnings', async () => {
    const listed = await cli(['resolutions', 'list', '--tenant', tenantId]);
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout).to.contain('FEB1–FEB3').and.to.contain('used 3, reserved 0, left 0');
    expect(listed.stdout).to.contain('warning (resolution_running_out): resolution 18764000001 (sales-invoice, prefix FEB) has 0 of 3 numbers left');
    const json = JSON.parse((await cli(['resolutions', 'list', '--tenant', tenantId, '--env', 'test', '--json'])).stdout);
    expect(json.data[0]).to.include({ id: resolutionId, assigned: 3, remaining: 0, last_number: 'FEB3' });
    expect(json.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['resolution_running_out']);
  });

  it('given `resolutions retire`, then it is retired; an unknown id exits non-zero naming it', async () => {
    const retired = await cli(['resolutions', 'retire', resolutionId, '--json']);
    expect(JSON.parse(retired.stdout)).to.include({ id: resolutionId, status: 'retired' });
    const unknown = await cli(['resolutions', 'retire', 'nope']);
    expect(unknown.code).to.not.equal(0);
    expect(unknown.stderr).to.contain('no resolution nope');
  });
});
