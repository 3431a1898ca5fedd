import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { RebuildGuard, RebuildRunningError } from '../../../application/rebuilds/rebuild-guard.ts';
import { systemClock } from '../../../application/ports/clock.ts';
import { OPERATOR_SCOPES, OPERATOR_TENANT } from '../../../domain/tenancy/scopes.ts';
import { SqliteCoordinationStore } from '../../../infrastructure/coordination/sqlite-coordination-store.ts';
import { eventually } from '../../support/fixtures.ts';
import { http } from '../../support/http.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';

describe('One rebuild of a projection at a time, across instances and the CLI', () => {
  let dir: string;
  const stores: SqliteCoordinationStore[] = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'rebuild-guard-'))));
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const guard = (holder: string, ttlMs = 30_000) => {
    const store = new SqliteCoordinationStore(join(dir, 'coordination.sqlite'));
    stores.push(store);
    return new RebuildGuard(store, systemClock, holder, ttlMs);
  };

  it('given one instance rebuilding, when another claims the same projection, then it is refused naming the first; another projection is free', async () => {
    const [a, b] = [guard('instance-a'), guard('instance-b')];
    const claim = await a.claim('documents');
    const refused = await b.claim('documents').then(() => null, (error: unknown) => error);
    expect(refused).to.be.instanceOf(RebuildRunningError);
    expect((refused as RebuildRunningError).holder).to.equal('instance-a');
    expect(await b.holderOf('documents')).to.equal('instance-a');
    const other = await b.claim('messages');
    await other.release();
    await claim.release();
    const after = await b.claim('documents');
    await after.release();
  });

  it('given a stop asked for in another instance, then the rebuilding one is told through its claim', async () => {
    const [a, b] = [guard('instance-a', 600), guard('instance-b', 600)];
    const claim = await a.claim('documents');
    expect(await b.requestStop('messages'), 'nothing to stop').to.equal(false);
    expect(await b.requestStop('documents')).to.equal(true);
    await eventually(() => claim.signal.aborted, 3_000);
    await claim.release();
    expect(await b.holderOf('documents')).to.equal(null);
  });
});

describe('Admin rebuilds over HTTP with two instances on one DATA_DIR', function () {
  this.timeout(60_000);
  let dataDir: string;
  let first: TestApp;
  let second: TestApp;
  let operator: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rebuild-two-'));
    first = await startTestApp({ DATA_DIR: dataDir, INSTANCE_ID: 'instance-one' });
    second = await startTestApp({ DATA_DIR: dataDir, INSTANCE_ID: 'instance-two' }, { workers: false });
    const issued = await first.container.apiKeys.issue(
      { tenantId: OPERATOR_TENANT, environment: 'live', scopes: [...OPERATOR_SCOPES], name: 'operator' },
      { tenantId: OPERATOR_TENANT, environment: 'live', actor: 'test', correlationId: 'test' },
    );
    operator = issued.key;
  });
  after(async () => {
    await second?.close();
    await first?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a rebuild started in one instance, when the other is asked to rebuild the same projection, then 409 rebuild_running naming the first', async () => {
    const started = await http(first.baseUrl, 'POST', '/admin/v1/projections/documents/rebuild', { key: operator });
    expect(started.status, started.text).to.equal(202);
    const refused = await http(second.baseUrl, 'POST', '/admin/v1/projections/documents/rebuild', { key: operator });
    expect(refused.status).to.equal(409);
    expect(refused.body.code).to.equal('rebuild_running');
    expect(refused.body.detail).to.contain('instance-one');
    await eventually(async () => (await http(first.baseUrl, 'GET', '/admin/v1/projections/documents', { key: operator })).body.job?.finished_at != null, 30_000);
  });
});
