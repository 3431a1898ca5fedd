import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { runCli } from '../../support/cli-process.ts';

const DAY_MS = 86_400_000;

describe('keys create --expires-in / --expires-at (child processes)', function () {
  this.timeout(90_000);
  let dataDir: string;
  let tenantId: string;
  const cli = (args: string[]) => runCli(dataDir, args, { SECRETS_KEY: '' });
  const create = (...extra: string[]) => cli(['keys', 'create', '--tenant', tenantId, '--env', 'test', '--scopes', 'invoices:read', ...extra]);

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-key-expiry-'));
    const created = await cli(['tenants', 'create', '--nit', '900825759-7', '--name', 'HALLTEC S.A.S.', '--json']);
    expect(created.code, created.stderr).to.equal(0);
    tenantId = JSON.parse(created.stdout).id;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('records the expiry given in days or as a date (00:00 in Colombia), prints it, and lists the key as active until then', async () => {
    const before = Date.now();
    const [inDays, atDate] = await Promise.all([create('--expires-in', '90', '--json'), create('--expires-at', '2099-01-31', '--json')]);

    expect(inDays.code, inDays.stderr).to.equal(0);
    const expiresAt = Date.parse(JSON.parse(inDays.stdout).expires_at);
    expect(expiresAt).to.be.within(before + 90 * DAY_MS, Date.now() + 90 * DAY_MS);
    expect(JSON.parse(atDate.stdout).expires_at).to.equal('2099-01-31T05:00:00.000Z');
    const listed = await cli(['keys', 'list', '--tenant', tenantId]);
    expect(listed.stdout).to.contain('active until 2099-01-31T05:00:00.000Z');
  });

  it('refuses an expiry that is not a number of days, not a real date, in the past, or given twice, exit 2 naming the option', async () => {
    const refusals = await Promise.all([
      create('--expires-in', '0'),
      create('--expires-in', 'soon'),
      create('--expires-at', '2099-02-30'),
      create('--expires-at', '2020-01-01'),
      create('--expires-in', '30', '--expires-at', '2099-01-01'),
    ]);

    expect(refusals.map((run) => run.code)).to.deep.equal([2, 2, 2, 2, 2]);
    expect(refusals.map((run) => run.stderr.split(':')[1].trim())).to.deep.equal(['--expires-in', '--expires-in', '--expires-at', '--expires-at', 'give --expires-in or --expires-at, not both']);
    expect(refusals[3].stderr).to.contain('2020-01-01T05:00:00.000Z is not later than now');
  });

  it('rotate prints a new key like the old one and when the old one stops working; a bad grace, an unknown key or a revoked one exit 2', async () => {
    const old = JSON.parse((await create('--name', 'pos-1', '--json')).stdout);
    const before = Date.now();

    const rotated = await cli(['keys', 'rotate', old.id, '--grace-days', '3', '--json']);

    expect(rotated.code, rotated.stderr).to.equal(0);
    const answer = JSON.parse(rotated.stdout);
    expect(answer).to.deep.include({ tenant_id: tenantId, environment: 'test', scopes: ['invoices:read'], name: 'pos-1', expires_at: null });
    expect(answer.key).to.match(/^fe_test_/);
    expect(answer.replaced.id).to.equal(old.id);
    expect(Date.parse(answer.replaced.expires_at)).to.be.within(before + 3 * DAY_MS, Date.now() + 3 * DAY_MS);
    const revokedNow = await cli(['keys', 'rotate', answer.id, '--grace-days', '0', '--json']);
    expect(JSON.parse(revokedNow.stdout).replaced.revoked_at).to.be.a('string');
    const refusals = await Promise.all([
      cli(['keys', 'rotate', old.id, '--grace-days', '91']),
      cli(['keys', 'rotate', 'no-such-key']),
      cli(['keys', 'rotate', answer.id]),
    ]);
    expect(refusals.map((run) => run.code)).to.deep.equal([2, 2, 2]);
    expect(refusals[0].stderr).to.contain('--grace-days: must be a whole number of days from 0 to 90');
    expect(refusals[1].stderr).to.contain('no key with id no-such-key');
    expect(refusals[2].stderr).to.contain(`key ${answer.id} is revoked; issue a new one with keys create`);
  });
});
