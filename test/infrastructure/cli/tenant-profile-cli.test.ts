import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { http } from '../../support/http.ts';
import { pngLogo } from '../../support/logo-images.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const STACK_FRAME = /\n\s+at .+:\d+/;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node --import tsx infrastructure/cli/main.ts <args>` on the given DATA_DIR. */
function cli(args: string[], dataDir: string): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'infrastructure/cli/main.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent' }, timeout: 20_000 },
      (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('operator CLI: tenants update and tenants show (child processes beside a running service)', function () {
  this.timeout(40_000);
  let app: TestApp;
  let tenant: TestTenant;
  let files: string;
  let updated: Run;
  let shown: Run;
  let shownText: Run;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant({ profile: false });
    files = mkdtempSync(join(tmpdir(), 'profile-cli-'));
    writeFileSync(join(files, 'logo.png'), pngLogo(64, 32));
    writeFileSync(join(files, 'logo.txt'), 'this is not an image');
    // The service reads the tenant now, so the update below reaches it through the cache's expiry, as another process's would.
    expect((await http(app.baseUrl, 'GET', '/v1/me', { key: tenant.key })).body.company.profile.address).to.equal(null);
    updated = await cli(
      ['tenants', 'update', tenant.tenantId, '--address', 'Cra 15 # 93-75', '--municipality', '11001', '--postal-code', '110221', '--phone', '601 555 0000',
        '--email', 'fe@empresa.example', '--organization-type', '1', '--tax-scheme', 'ZZ', '--responsibilities', 'O-13,O-15', '--ciiu', '6201,4711',
        '--registration', '00123456', '--logo', join(files, 'logo.png'), '--json'],
      app.config.dataDir,
    );
    [shown, shownText] = await Promise.all([cli(['tenants', 'show', tenant.tenantId, '--json'], app.config.dataDir), cli(['tenants', 'show', tenant.tenantId], app.config.dataDir)]);
  });
  after(async () => {
    await app.close();
    rmSync(files, { recursive: true, force: true });
  });

  it('given every option, when `tenants update --json`, then it prints the tenant with the whole profile and nothing missing', () => {
    expect(updated.code, updated.stderr).to.equal(0);
    const record = JSON.parse(updated.stdout);
    expect(record.profile).to.deep.include({
      address: 'Cra 15 # 93-75', municipality_code: '11001', city: 'Bogotá, D.c.', postal_code: '110221', phone: '601 555 0000', email: 'fe@empresa.example',
      organization_type: '1', tax_scheme: 'ZZ', responsibilities: ['O-13', 'O-15'], ciiu: ['6201', '4711'], registration: '00123456',
    });
    expect(record.profile.logo).to.include({ content_type: 'image/png', width: 64, height: 32 });
    expect(record.profile_missing).to.deep.equal([]);
  });

  it('when `tenants show`, then the same profile as JSON, and for people a line per field', () => {
    expect(JSON.parse(shown.stdout)).to.deep.equal(JSON.parse(updated.stdout));
    expect(shownText.stdout).to.contain('Cra 15 # 93-75, Bogotá, D.c. (11001), Bogotá, CP 110221, Colombia');
    expect(shownText.stdout).to.contain('responsibilities: O-13, O-15').and.to.contain('image/png 64×32');
    expect(shownText.stdout).to.match(/missing for DIAN:\s+nothing/);
  });

  it('given the service read the tenant before the CLI changed it, then within a few seconds the service shows the new profile', async () => {
    const deadline = Date.now() + 15_000;
    let profile: Record<string, unknown> = {};
    while (Date.now() < deadline) {
      profile = (await http(app.baseUrl, 'GET', '/v1/me', { key: tenant.key })).body.company.profile;
      if (profile.address !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(profile).to.include({ address: 'Cra 15 # 93-75', tax_scheme: 'ZZ' });
  });

  it('given bad values, then it exits non-zero naming each option and what is wrong, without a stack trace, and changes nothing', async () => {
    const [bad, notImage, missingFile, unknown, nothing] = await Promise.all([
      cli(['tenants', 'update', tenant.tenantId, '--municipality', '99999', '--organization-type', '3'], app.config.dataDir),
      cli(['tenants', 'update', tenant.tenantId, '--logo', join(files, 'logo.txt')], app.config.dataDir),
      cli(['tenants', 'update', tenant.tenantId, '--logo', join(files, 'absent.png')], app.config.dataDir),
      cli(['tenants', 'update', 'no-such-tenant', '--phone', '3001234567'], app.config.dataDir),
      cli(['tenants', 'update', tenant.tenantId], app.config.dataDir),
    ]);

    expect(bad.code).to.not.equal(0);
    expect(bad.stderr).to.contain('--municipality: "99999" is not a Colombian municipality code').and.to.contain('--organization-type: "3"');
    expect(notImage.stderr).to.contain('--logo: must be a PNG or JPEG image');
    expect(missingFile.stderr).to.contain('--logo: cannot read').and.to.contain('absent.png');
    expect(unknown.stderr).to.contain('no tenant with id no-such-tenant');
    expect(nothing.stderr).to.contain('nothing to update');
    for (const run of [bad, notImage, missingFile, unknown, nothing]) {
      expect(run.code).to.not.equal(0);
      expect(run.stderr).to.not.match(STACK_FRAME);
    }
    const after = await cli(['tenants', 'show', tenant.tenantId, '--json'], app.config.dataDir);
    expect(JSON.parse(after.stdout)).to.deep.equal(JSON.parse(updated.stdout));
  });

  it('given --no-logo and an empty --phone, then the logo and the phone are removed', async () => {
    const run = await cli(['tenants', 'update', tenant.tenantId, '--no-logo', '--phone', '', '--json'], app.config.dataDir);

    expect(run.code, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout).profile).to.include({ logo: null, phone: null, address: 'Cra 15 # 93-75' });
  });

  it('given an unknown tenant, when `tenants show`, then it exits non-zero naming it', async () => {
    const run = await cli(['tenants', 'show', 'no-such-tenant'], app.config.dataDir);

    expect(run.code).to.not.equal(0);
    expect(run.stderr).to.contain('no-such-tenant');
  });
});
