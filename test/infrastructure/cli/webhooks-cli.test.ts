import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const PUBLIC_URL = 'https://93.184.216.34/hooks';

function cli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'infrastructure/cli/main.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent', SECRETS_KEY: '', WEBHOOKS_ALLOW_PRIVATE: '', ...env },
        timeout: 30_000,
      },
      (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function newTenant(dataDir: string): Promise<string> {
  const created = await cli(dataDir, ['tenants', 'create', '--nit', '900825759-7', '--name', 'HALLTEC S.A.S.', '--json']);
  expect(created.code, created.stderr).to.equal(0);
  return JSON.parse(created.stdout).id;
}

describe('operator CLI: webhooks create | list | rotate | delete (child processes)', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'einvoicing-webhooks-'));
    dirs.push(dir);
    return dir;
  };
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('create prints the secret once; list shows the endpoint without it; rotate prints a new one; delete removes it', async () => {
    const dir = dataDir();
    const tenant = await newTenant(dir);
    const keyed = { SECRETS_KEY: randomBytes(32).toString('hex') };
    const scope = ['--tenant', tenant, '--env', 'live'];

    const created = await cli(dir, ['webhooks', 'create', ...scope, '--url', PUBLIC_URL, '--events', 'document.validated, document.rejected', '--description', 'ERP', '--json'], keyed);
    expect(created.code, created.stderr).to.equal(0);
    const endpoint = JSON.parse(created.stdout);
    expect(endpoint).to.deep.include({ url: PUBLIC_URL, events: ['document.validated', 'document.rejected'], description: 'ERP', environment: 'live', disabled: false });
    expect(endpoint.secret).to.match(/^whsec_/);

    const listed = await cli(dir, ['webhooks', 'list', ...scope, '--json'], keyed);
    expect(listed.code, listed.stderr).to.equal(0);
    expect(JSON.parse(listed.stdout).map((shown: { id: string }) => shown.id)).to.deep.equal([endpoint.id]);
    expect(listed.stdout).to.not.contain(endpoint.secret);
    expect((await cli(dir, ['webhooks', 'list', '--tenant', tenant, '--env', 'test'], keyed)).stdout).to.contain('no webhook endpoints');

    const rotated = await cli(dir, ['webhooks', 'rotate', ...scope, '--id', endpoint.id], keyed);
    expect(rotated.code, rotated.stderr).to.equal(0);
    expect(rotated.stdout).to.match(/previous one signs beside it until \d{4}-/).and.match(/\nwhsec_\S+\n$/);
    expect(rotated.stdout).to.not.contain(endpoint.secret);

    expect((await cli(dir, ['webhooks', 'delete', ...scope, '--id', endpoint.id], keyed)).code).to.equal(0);
    const gone = await cli(dir, ['webhooks', 'delete', ...scope, '--id', endpoint.id], keyed);
    expect(gone.code).to.not.equal(0);
    expect(gone.stderr).to.contain(`--id: no webhook endpoint ${endpoint.id}`);
  });

  it('bad options exit non-zero naming the option: --env, --tenant, --url (not public, not https in live), --events', async () => {
    const dir = dataDir();
    const tenant = await newTenant(dir);
    const create = (args: string[], env: Record<string, string> = {}) => cli(dir, ['webhooks', 'create', '--tenant', tenant, ...args], env);

    const env = await create(['--env', 'staging', '--url', PUBLIC_URL, '--events', '*']);
    expect(env.code).to.not.equal(0);
    expect(env.stderr).to.contain('--env: must be test or live, not "staging"');
    const tenantless = await cli(dir, ['webhooks', 'list', '--tenant', 'nope', '--env', 'test']);
    expect(tenantless.code).to.not.equal(0);
    expect(tenantless.stderr).to.contain('--tenant: no tenant with id nope');
    const loopback = await create(['--env', 'test', '--url', 'http://127.0.0.1:9/h', '--events', '*']);
    expect(loopback.code).to.not.equal(0);
    expect(loopback.stderr).to.contain('--url: 127.0.0.1 is a loopback address');
    const plainHttp = await create(['--env', 'live', '--url', 'http://93.184.216.34/h', '--events', '*'], { SECRETS_KEY: randomBytes(32).toString('hex') });
    expect(plainHttp.code).to.not.equal(0);
    expect(plainHttp.stderr).to.contain('--url: must use https in the live environment');
    const unknown = await create(['--env', 'test', '--url', PUBLIC_URL, '--events', 'document.validated,document.shipped']);
    expect(unknown.code).to.not.equal(0);
    expect(unknown.stderr).to.contain('--events (entry 2): "document.shipped" is not an event type');
  });

  it('a live endpoint without SECRETS_KEY is refused naming it; a test one is kept; WEBHOOKS_ALLOW_PRIVATE lets 127.0.0.1 in', async () => {
    const dir = dataDir();
    const tenant = await newTenant(dir);

    const live = await cli(dir, ['webhooks', 'create', '--tenant', tenant, '--env', 'live', '--url', PUBLIC_URL, '--events', '*']);
    expect(live.code).to.not.equal(0);
    expect(live.stderr).to.contain('SECRETS_KEY is not set');
    const local = await cli(dir, ['webhooks', 'create', '--tenant', tenant, '--env', 'test', '--url', 'http://127.0.0.1:9/h', '--events', '*'], { WEBHOOKS_ALLOW_PRIVATE: 'true' });
    expect(local.code, local.stderr).to.equal(0);
    expect(local.stdout).to.contain('http://127.0.0.1:9/h').and.contain('Signing secret (store it now; it is not shown again):\nwhsec_');
  });
});
