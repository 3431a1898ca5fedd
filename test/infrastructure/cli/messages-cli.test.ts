import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newDataDir } from '../../support/messaging-app.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function cli(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'infrastructure/cli/main.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent' }, timeout: 30_000 },
      (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('operator CLI: brands and authorized recipients (child processes)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let tenantId: string;

  before(async () => {
    dataDir = newDataDir();
    const created = await cli(dataDir, ['tenants', 'create', '--nit', '900825759-7', '--name', 'HALLTEC S.A.S.', '--json']);
    expect(created.code, created.stderr).to.equal(0);
    tenantId = JSON.parse(created.stdout).id;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('brands create | authorize | list keep the name, logo, colors, legal details and the applications that may use it', async () => {
    const created = await cli(dataDir, [
      'brands', 'create', '--tenant', tenantId, '--slug', 'halltec', '--name', 'Halltec', '--legal-name', 'HALLTEC S.A.S.', '--nit', '900825759-7',
      '--logo', 'https://halltec.example/logo.png', '--primary', '#0a0a0a', '--secondary', '#ff6600', '--address', 'Cra 7 # 70-10',
      '--email', 'hola@halltec.example', '--apps', 'key1', '--json',
    ]);
    expect(created.code, created.stderr).to.equal(0);
    expect(JSON.parse(created.stdout)).to.deep.include({ slug: 'halltec', name: 'Halltec', logoUrl: 'https://halltec.example/logo.png', applications: ['key1'], allApplications: false });

    const authorized = await cli(dataDir, ['brands', 'authorize', 'halltec', '--tenant', tenantId, '--app', 'key2', '--json']);
    expect(authorized.code, authorized.stderr).to.equal(0);
    const listed = await cli(dataDir, ['brands', 'list', '--tenant', tenantId, '--json']);
    const [brand] = JSON.parse(listed.stdout);
    expect(brand.applications).to.deep.equal(['key1', 'key2']);
    expect(brand.colors).to.deep.equal({ primary: '#0a0a0a', secondary: '#ff6600' });
    expect(brand.legal).to.deep.include({ legalName: 'HALLTEC S.A.S.', nit: '900825759-7', address: 'Cra 7 # 70-10', email: 'hola@halltec.example' });
  });

  it('a bad brand (color, slug, duplicate) or a missing --app/--all-apps exits non-zero naming the problem', async () => {
    const color = await cli(dataDir, ['brands', 'create', '--tenant', tenantId, '--slug', 'otra', '--name', 'X', '--legal-name', 'X', '--nit', '900825759-7', '--primary', 'red']);
    expect(color.code).to.not.equal(0);
    expect(color.stderr).to.contain('colors.primary');
    const duplicate = await cli(dataDir, ['brands', 'create', '--tenant', tenantId, '--slug', 'halltec', '--name', 'X', '--legal-name', 'X', '--nit', '900825759-7']);
    expect(duplicate.code).to.not.equal(0);
    expect(duplicate.stderr).to.contain('already registered');
    const neither = await cli(dataDir, ['brands', 'authorize', 'halltec', '--tenant', tenantId]);
    expect(neither.code).to.not.equal(0);
    expect(neither.stderr).to.contain('--app');
  });

  it('recipients allow | list | remove manage the addresses test keys may reach', async () => {
    expect((await cli(dataDir, ['recipients', 'allow', 'QA@Halltec.example', 'dev@halltec.example', '--tenant', tenantId])).code).to.equal(0);
    expect(JSON.parse((await cli(dataDir, ['recipients', 'list', '--tenant', tenantId, '--json'])).stdout)).to.deep.equal(['qa@halltec.example', 'dev@halltec.example']);
    expect((await cli(dataDir, ['recipients', 'remove', 'qa@halltec.example', '--tenant', tenantId])).code).to.equal(0);
    expect(JSON.parse((await cli(dataDir, ['recipients', 'list', '--tenant', tenantId, '--json'])).stdout)).to.deep.equal(['dev@halltec.example']);
    const bad = await cli(dataDir, ['recipients', 'allow', 'no-es-correo', '--tenant', tenantId]);
    expect(bad.code).to.not.equal(0);
    expect(bad.stderr).to.contain('no-es-correo');
  });

  it('keys create accepts the messages:send scope', async () => {
    const key = await cli(dataDir, ['keys', 'create', '--tenant', tenantId, '--env', 'test', '--scopes', 'messages:send', '--json']);
    expect(key.code, key.stderr).to.equal(0);
    expect(JSON.parse(key.stdout).scopes).to.deep.equal(['messages:send']);
  });
});
