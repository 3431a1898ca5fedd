import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { ApiKeys } from '../../../application/tenancy/api-keys.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { FixedClock, SequentialIds } from '../../support/fixtures.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * How long a child may run before it is killed: a guard against one that hangs, not a speed limit. Eight of them start
 * at once, and on a slow or busy 2-core host (another lane of the suite running) they took over 15 s together.
 */
const CHILD_LIMIT_MS = 90_000;

/** One child process: `node --import tsx <script> <args>` with the given DATA_DIR and no server URLs. */
function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: ROOT, env: { ...process.env, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent', ...env }, timeout: CHILD_LIMIT_MS },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr: error?.killed ? `${stderr}\n[killed: no exit within ${CHILD_LIMIT_MS / 1000} s]` : stderr });
      },
    );
  });
}

const STACK_FRAME = /\n\s+at .+:\d+/;

describe('operator CLI and start-up (child processes)', function () {
  this.timeout(CHILD_LIMIT_MS + 30_000);
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'einvoicing-cli-'));
    dirs.push(dir);
    return dir;
  };
  let dataDir: string;
  const cli = (args: string[], dir = dataDir) => run('infrastructure/cli/main.ts', args, { DATA_DIR: dir });

  // The independent spawns run at once: each costs about a second.
  let created: Run;
  let wrongDigit: Run;
  let badEnv: Run;
  let badScopes: Run;
  let noEnv: Run;
  let apiWithFileDataDir: Run;
  let dataDirFile: string;
  let unknownTenant: Run;
  let apiWithBadPort: Run;
  let tenantId: string;
  let key: { id: string; key: string };

  before(async () => {
    dataDir = tempDir();
    dataDirFile = join(tempDir(), 'data');
    writeFileSync(dataDirFile, 'a file, not a directory');
    [created, wrongDigit, badEnv, badScopes, unknownTenant, apiWithBadPort, noEnv, apiWithFileDataDir] = await Promise.all([
      cli(['tenants', 'create', '--nit', '900825759-7', '--name', 'Emisor SAS', '--json']),
      cli(['tenants', 'create', '--nit', '900825759-8', '--name', 'Wrong DV SAS'], tempDir()),
      cli(['keys', 'create', '--tenant', 'x', '--env', 'prod', '--scopes', 'invoices:read'], tempDir()),
      cli(['keys', 'create', '--tenant', 'x', '--env', 'test', '--scopes', 'invoices:read,invoices:delete'], tempDir()),
      cli(['keys', 'create', '--tenant', 'no-such-tenant', '--env', 'test', '--scopes', 'invoices:read', '--json'], tempDir()),
      run('api/main.ts', [], { DATA_DIR: tempDir(), PORT: 'abc' }),
      cli(['keys', 'create', '--tenant', 'x', '--scopes', 'invoices:read'], tempDir()),
      run('api/main.ts', [], { DATA_DIR: dataDirFile, PORT: '0' }),
    ]);
  });

  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('given a valid NIT, when `tenants create --json`, then it prints the tenant as JSON with its id and split NIT', () => {
    expect(created.code, created.stderr).to.equal(0);
    const tenant = JSON.parse(created.stdout);
    expect(tenant).to.include({ nit: '900825759', dv: '7', legal_name: 'Emisor SAS', trade_name: 'Emisor SAS' });
    expect(tenant.id).to.match(/^[0-9a-f-]{36}$/);
    tenantId = tenant.id;
  });

  it('given a wrong check digit, when `tenants create`, then it exits non-zero naming the digit, without a stack trace', () => {
    expect(wrongDigit.code).to.not.equal(0);
    expect(wrongDigit.stderr).to.contain('check digit 7').and.to.contain('not 8');
    expect(wrongDigit.stderr).to.not.match(STACK_FRAME);
    expect(wrongDigit.stdout).to.equal('');
  });

  it('given --env prod, when `keys create`, then it exits non-zero saying test or live, without a stack trace', () => {
    expect(badEnv.code).to.not.equal(0);
    expect(badEnv.stderr).to.contain('--env').and.to.contain('"prod"');
    expect(badEnv.stderr).to.not.match(STACK_FRAME);
  });

  it('given no --env, when `keys create`, then it exits 2 saying --env is required, without a stack trace', () => {
    expect(noEnv.code).to.equal(2);
    expect(noEnv.stderr).to.contain('--env <test|live> is required');
    expect(noEnv.stderr).to.not.match(STACK_FRAME);
  });

  it('given an unknown scope, when `keys create`, then it exits non-zero naming the scope and the known ones', () => {
    expect(badScopes.code).to.not.equal(0);
    expect(badScopes.stderr).to.contain('"invoices:delete"').and.to.contain('invoices:read, invoices:write');
    expect(badScopes.stderr).to.not.match(STACK_FRAME);
  });

  it('given an unknown tenant, when `keys create`, then it exits non-zero naming the tenant and prints no key', () => {
    expect(unknownTenant.code).to.not.equal(0);
    expect(unknownTenant.stderr).to.contain('no-such-tenant');
    expect(unknownTenant.stderr).to.not.match(STACK_FRAME);
    expect(unknownTenant.stdout).to.not.contain('fe_test_');
  });

  it('given PORT=abc, when the API starts, then it exits non-zero and stderr names PORT', () => {
    expect(apiWithBadPort.code).to.not.equal(0);
    expect(apiWithBadPort.stderr).to.contain('PORT');
    expect(apiWithBadPort.stderr).to.contain('abc');
    expect(apiWithBadPort.stderr).to.not.match(STACK_FRAME);
  });

  it('given DATA_DIR naming a file, when the service starts, then it exits 2 saying DATA_DIR is a file, without a stack trace', () => {
    expect(apiWithFileDataDir.code).to.equal(2);
    expect(apiWithFileDataDir.stderr).to.contain(`Invalid configuration: DATA_DIR: ${dataDirFile} is a file, not a directory`);
    expect(apiWithFileDataDir.stderr).to.not.match(STACK_FRAME);
  });

  describe('key lifecycle', () => {
    const apiKeysOver = (store: SqliteEventStore) => {
      const aggregates = new AggregateStore(store);
      return new ApiKeys(aggregates, new TenantDirectory(aggregates), new FixedClock(), new SequentialIds());
    };

    it('given a tenant, when `keys create --json`, then it prints the key once with id, tenant, environment and scopes, and the key authenticates', async () => {
      expect(tenantId, 'the tenant was created').to.be.a('string');
      const result = await cli(['keys', 'create', '--tenant', tenantId, '--env', 'test', '--scopes', 'invoices:read,invoices:write', '--json']);
      expect(result.code, result.stderr).to.equal(0);
      const printed = JSON.parse(result.stdout);
      expect(printed).to.include({ tenant_id: tenantId, environment: 'test' });
      expect(printed.scopes).to.deep.equal(['invoices:read', 'invoices:write']);
      expect(printed.key).to.match(/^fe_test_[A-Za-z0-9]{44}$/);
      expect(printed.id).to.be.a('string').and.not.equal('');
      expect(printed.key).to.contain(printed.id);
      key = { id: printed.id, key: printed.key };

      const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
      try {
        expect(await apiKeysOver(store).authenticate(key.key)).to.deep.equal({
          keyId: key.id,
          tenantId,
          environment: 'test',
          scopes: ['invoices:read', 'invoices:write'],
        });
      } finally {
        await store.close();
      }
    });

    it('given a key, when `keys list --json` and `keys revoke`, then the list shows it without the secret, and afterwards it no longer authenticates', async () => {
      expect(key, 'the key was created').to.not.equal(undefined);
      const [listed, revoked] = await Promise.all([
        cli(['keys', 'list', '--tenant', tenantId, '--json']),
        cli(['keys', 'revoke', key.id, '--json']),
      ]);
      expect(listed.code, listed.stderr).to.equal(0);
      const keys = JSON.parse(listed.stdout);
      expect(keys.map((k: { id: string }) => k.id)).to.deep.equal([key.id]);
      expect(keys[0]).to.include({ tenant_id: tenantId, environment: 'test' });
      expect(keys[0]).to.not.have.property('key');
      expect(keys[0]).to.not.have.property('hash');
      expect(listed.stdout).to.not.contain(key.key);
      expect(key.key.startsWith(keys[0].prefix)).to.equal(true);

      expect(revoked.code, revoked.stderr).to.equal(0);
      expect(JSON.parse(revoked.stdout)).to.include({ id: key.id });
      expect(JSON.parse(revoked.stdout).revoked_at).to.be.a('string');

      const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
      try {
        expect(await apiKeysOver(store).authenticate(key.key)).to.equal(null);
      } finally {
        await store.close();
      }
    });
  });
});
