import Database from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../../../application/documents/document-row.ts';
import { projectionCollections } from '../../../application/rebuilds/projection-definition.ts';
import { ProjectionRebuild, type RebuildProgress } from '../../../application/rebuilds/projection-rebuild.ts';
import type { ReadModelCollection } from '../../../application/ports/read-model-store.ts';
import { SubscriptionRunner } from '../../../application/subscriptions/subscription-runner.ts';
import { OPERATOR_SCOPES, OPERATOR_TENANT } from '../../../domain/tenancy/scopes.ts';
import { createLogger } from '../../../infrastructure/logging/logger.ts';
import { SqliteReadModelStore } from '../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { documentsProjection } from '../../../projections/documents/documents-projection-definition.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const BASE = '/invoices/v1/sales-invoices';
const silent = createLogger('silent');

async function operatorKey(app: TestApp): Promise<string> {
  const context = { actor: 'test', correlationId: 'test', tenantId: OPERATOR_TENANT, environment: 'live' };
  return (await app.container.apiKeys.issue({ tenantId: OPERATOR_TENANT, environment: 'live', scopes: [...OPERATOR_SCOPES] }, context)).key;
}

async function issue(app: TestApp, tenant: TestTenant, key: string) {
  return http(app.baseUrl, 'POST', BASE, { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': key } });
}

/** Every row of the documents read model, built from scratch over the whole log into a store of its own. */
async function fromScratch(app: TestApp): Promise<DocumentRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'scratch-'));
  const store = new SqliteReadModelStore(join(dir, 'rm.sqlite'));
  try {
    const rows = store.collection<DocumentRow>(DOCUMENTS_COLLECTION);
    const collections = projectionCollections(documentsProjection, (spec) => store.collection(spec));
    const runner = new SubscriptionRunner(app.container.eventStore, store.checkpoints, documentsProjection.create({ collections }), silent);
    await runner.start();
    await runner.waitFor(await app.container.eventStore.headPosition());
    await runner.stop();
    return await allRows(rows, app);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function allRows(rows: ReadModelCollection<DocumentRow>, app: TestApp): Promise<DocumentRow[]> {
  const tenants = new Set((await app.container.eventStore.readAll({ maxCount: 100_000, filter: { eventTypes: ['DocumentCreated'] } })).map((e) => String(e.metadata.tenantId)));
  const all: DocumentRow[] = [];
  for (const tenantId of tenants) {
    all.push(...(await rows.find({ tenantId, environment: 'test', orderBy: [] })));
  }
  return all.sort((a: DocumentRow, b: DocumentRow) => a.id.localeCompare(b.id));
}

/** The secondary indexes of a read-model table (its primary key's own index left out). */
function indexesOf(app: TestApp, table: string): string[] {
  const file = new Database(join(app.config.dataDir, 'read-models.sqlite'), { readonly: true });
  try {
    return file.prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").all(table).map((index) => index.name);
  } finally {
    file.close();
  }
}

describe('Projection rebuild (operators)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let tenant: TestTenant;
  let admin: string;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    admin = await operatorKey(app);
    for (let i = 0; i < 60; i += 1) expect((await issue(app, tenant, `before-${i}-key`)).status).to.equal(202);
    await app.settle();
  });
  after(() => app.close());

  it('given a tenant key, when it calls the admin endpoints, then 403; without a key 401; the operator key cannot read documents', async () => {
    expect((await http(app.baseUrl, 'GET', '/admin/v1/projections', { key: tenant.key })).status).to.equal(403);
    expect((await http(app.baseUrl, 'GET', '/admin/v1/projections')).status).to.equal(401);
    expect((await http(app.baseUrl, 'GET', BASE, { key: admin })).status).to.equal(403);
    const listed = await http(app.baseUrl, 'GET', '/admin/v1/projections', { key: admin });
    expect(listed.status).to.equal(200);
    expect(listed.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['documents', 'received-documents', 'tacit-acceptance-schedule', 'acceptance-event-transmission-schedule', 'messages', 'message-schedule', 'webhook-events', 'webhook-deliveries', 'webhook-schedule']);
    expect((await http(app.baseUrl, 'POST', '/admin/v1/projections/nope/rebuild', { key: admin })).status).to.equal(404);
  });

  it('given requests and issuance going on, when the documents projection is rebuilt over HTTP, then no request fails and the new version equals a build from scratch', async () => {
    const failures: string[] = [];
    let running = true;
    let issued = 0;
    const load = (async () => {
      for (let i = 0; running; i += 1) {
        const created = await issue(app, tenant, `during-${i}-key`);
        if (created.status !== 202) failures.push(`POST ${created.status}`);
        else issued += 1;
        const listed = await http(app.baseUrl, 'GET', `${BASE}?per_page=5`, { key: tenant.key });
        if (listed.status !== 200) failures.push(`GET list ${listed.status}: ${listed.text}`);
        const read = await http(app.baseUrl, 'GET', `${BASE}/${created.body.id}`, { key: tenant.key });
        if (read.status !== 200) failures.push(`GET id ${read.status}`);
      }
    })();

    const started = await http(app.baseUrl, 'POST', '/admin/v1/projections/documents/rebuild', { key: admin });
    expect(started.status).to.equal(202);
    expect((await http(app.baseUrl, 'POST', '/admin/v1/projections/documents/rebuild', { key: admin })).status).to.equal(409);
    let status: any;
    for (let i = 0; i < 600; i += 1) {
      status = (await http(app.baseUrl, 'GET', '/admin/v1/projections/documents', { key: admin })).body;
      if (status.job?.finished_at) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    running = false;
    await load;
    await app.settle();

    expect(status.job.error).to.equal(null);
    expect(status.job.phase).to.equal('done');
    expect(status.active_version).to.equal(2);
    expect(issued).to.be.greaterThan(0);
    expect(failures).to.deep.equal([]);
    const rebuilt = await allRows(app.container.documents, app);
    expect(rebuilt).to.have.length(60 + issued);
    expect(rebuilt).to.deep.equal(await fromScratch(app));
  });

  it('given a rebuild interrupted part-way, when it runs again, then it resumes its version and finishes, dropping the old one', async () => {
    const rebuild = new ProjectionRebuild(app.container.eventStore, app.container.readModels, app.container.projectionVersions, silent);
    const abort = new AbortController();
    const first = await rebuild.run(documentsProjection, { signal: abort.signal, progressIntervalMs: 1, onProgress: () => abort.abort() });
    expect(first.phase).to.equal('interrupted');
    expect(await app.container.projectionVersions.building('documents')).to.equal(3);
    expect(await app.container.projectionVersions.active('documents')).to.equal(2);
    // A version being built is written without its indexes and tallies.
    expect(indexesOf(app, 'rm_documents_v3')).to.deep.equal([]);

    const phases: RebuildProgress['phase'][] = [];
    const second = await rebuild.run(documentsProjection, { graceMs: 10, onProgress: (p) => phases.push(p.phase) });
    expect(second.version).to.equal(3);
    expect(second.phase).to.equal('done');
    expect(phases.indexOf('indexing')).to.be.greaterThan(-1).and.lessThan(phases.indexOf('switching'));
    expect(indexesOf(app, 'rm_documents_v3')).to.have.length(DOCUMENTS_COLLECTION.indexes.length);
    expect(await app.container.projectionVersions.active('documents')).to.equal(3);
    expect(await app.container.projectionVersions.building('documents')).to.equal(undefined);
    const listed = await http(app.baseUrl, 'GET', `${BASE}?per_page=1`, { key: tenant.key });
    expect(listed.status).to.equal(200);
    expect(listed.body.pagination.total).to.be.greaterThan(60);
    const file = new Database(join(app.config.dataDir, 'read-models.sqlite'), { readonly: true });
    const tables = file.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm_documents%'").all();
    file.close();
    // The active version's tallies (its totals) live in tables of their own, named after it.
    expect(tables.filter((table) => !table.name.includes('__tally_'))).to.deep.equal([{ name: 'rm_documents_v3' }]);
    expect(tables.filter((table) => table.name.includes('__tally_')).map((table) => table.name.split('__tally_')[0])).to.deep.equal(
      DOCUMENTS_COLLECTION.tallies!.map(() => 'rm_documents_v3'),
    );
  });
});
